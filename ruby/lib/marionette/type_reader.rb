# frozen_string_literal: true

# Reads a module's resource type (lib/puppet/type/NAME.rb) by running it, for the types whose
# definition the compiler's scanner cannot read without Ruby (title patterns computed by a
# helper or a method of the type, attributes made by loops over computed names...). The type
# DSL is recorded, never acted on: what the compiler needs is the type's attributes, its key
# attributes and its title patterns, as Puppet derives them (Puppet::Type's key_attributes and
# title_patterns). Blocks of validation, munging, defaults and relationships are not run.

module Puppet
  # A parameter of a type: the class methods its block calls, recorded or ignored.
  class Parameter
    class << self
      attr_accessor :attribute_name

      def isnamevar
        @namevar = true
      end

      def isnamevar?
        @namevar == true
      end

      # desc, newvalues, defaultto, validate, munge, aliasvalue, isrequired... change nothing
      # the compiler reads.
      def method_missing(_name, *_arguments, **_options, &_block)
        nil
      end

      def respond_to_missing?(_name, _include_private = false)
        true
      end
    end

    class Boolean < Parameter; end
    class Path < Parameter; end
    class Value < Parameter; end
  end

  class Property < Parameter
    class Ensure < Property; end
    class Boolean < Property; end
    class List < Property; end
    class OrderedList < List; end
    class KeyValue < Property; end
  end

  class Type
    @defined_by_reader = {}

    class << self
      attr_reader :defined_by_reader

      # What a type file calls: the type is made as a class of its own whose block runs as
      # Puppet's does (class_eval), so its own class methods (title_patterns) are defined on it.
      def newtype(name, _options = {}, &block)
        type = Class.new(Marionette::TypeReader::Definition)
        type.type_name = name.to_sym
        type.class_eval(&block) if block
        Type.defined_by_reader[name.to_sym] = type
      end
    end
  end
end

module Marionette
  module TypeReader
    # The class a type file's block is evaluated in.
    class Definition
      class << self
        attr_accessor :type_name

        def parameters
          @parameters ||= []
        end

        def properties
          @properties ||= []
        end

        def newparam(name, options = {}, &block)
          parameter = new_attribute(name, options[:parent] || Puppet::Parameter, block)
          parameter.isnamevar if options[:namevar]
          parameters.reject! { |known| known.attribute_name == parameter.attribute_name }
          parameters << parameter
          parameter
        end

        def newproperty(name, options = {}, &block)
          property = new_attribute(name, options[:parent] || Puppet::Property, block)
          properties.reject! { |known| known.attribute_name == property.attribute_name }
          properties << property
          property
        end

        def ensurable(&block)
          newproperty(:ensure, parent: Puppet::Property::Ensure, &block)
        end

        # Puppet::Type.key_attribute_parameters: the namevars, and a parameter called name.
        def key_attributes
          parameters.select { |p| p.isnamevar? || p.attribute_name == :name }.map(&:attribute_name)
        end

        # Puppet::Type.title_patterns when a type does not define its own.
        def title_patterns
          keys = key_attributes
          case keys.size
          when 0 then []
          when 1 then [[/(.*)/m, [[keys.first]]]]
          else
            raise Puppet::DevError, 'you must specify title patterns when there are two or more key attributes'
          end
        end

        # autorequire, feature, validate, newmetaparam, desc, apply_to_device... change
        # nothing the compiler reads.
        def method_missing(_name, *_arguments, **_options, &_block)
          nil
        end

        def respond_to_missing?(_name, _include_private = false)
          true
        end

        private

        def new_attribute(name, parent, block)
          attribute = Class.new(parent)
          attribute.attribute_name = name.to_sym
          attribute.class_eval(&block) if block
          attribute
        end
      end
    end

    # Strings a title-pattern conversion must give back unchanged to be taken as the identity
    # (the only conversion the compiler applies).
    IDENTITY_PROBES = ['a', 'Some Title', 'x::y/z@h', ''].freeze

    # The type that `file` defines, as a Hash: "attributes" (parameters, then properties),
    # "key_attributes", "title_patterns" ([[regex, ignore_case, [attribute...]], ...], a regex
    # with options other than i written with them inline, as Regexp#to_s does).
    def self.read(file, name)
      name = name.to_sym
      Puppet::Type.defined_by_reader.delete(name)
      Kernel.load(file)
      type = Puppet::Type.defined_by_reader[name] or
        raise ArgumentError, "#{file} does not define the type #{name} (Puppet::Type.newtype(:#{name}))"
      {
        'attributes' => (type.parameters + type.properties).map { |a| a.attribute_name.to_s }.uniq,
        'key_attributes' => type.key_attributes.map(&:to_s),
        'title_patterns' => type.title_patterns.map { |pattern| title_pattern(pattern) }
      }
    end

    def self.title_pattern(pattern)
      regex, captures = pattern
      raise ArgumentError, "a title pattern that is not a Regexp: #{regex.inspect}" unless regex.is_a?(Regexp)

      attributes = captures.map do |capture|
        attribute, conversion = capture
        if conversion && IDENTITY_PROBES.any? { |probe| conversion.call(probe) != probe }
          raise ArgumentError, "a title pattern that converts what it captures (#{attribute})"
        end

        attribute.to_s
      end
      only_case = (regex.options & ~Regexp::IGNORECASE).zero?
      [only_case ? regex.source : regex.to_s, only_case && (regex.options & Regexp::IGNORECASE) != 0, attributes]
    end
  end
end
