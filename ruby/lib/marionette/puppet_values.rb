# frozen_string_literal: true

# The classes Puppet's values come to module Ruby in, written for marionette: Sensitive, Binary,
# Timestamp, Timespan, SemVer, the types (PIntegerType, PResourceType, ...) and, for 3.x
# functions, Puppet::Resource. Each knows the wire form it came in (ruby/value_wire.hpp: a
# name and parameters, `wire_name` and `wire_parameters` here) and goes back in it unchanged.
# Printing and type checks are marionette's, through Marionette::Host, so that they read as
# Puppet's do.

require 'marionette/lazy_libraries' # Base64

module Marionette
  # A value marionette holds that has no class of its own here (SemVerRange, Deferred, ...).
  class PuppetValue
    attr_reader :wire_name, :wire_parameters

    def initialize(wire_name, wire_parameters)
      @wire_name = wire_name
      @wire_parameters = wire_parameters
    end

    def ==(other)
      other.is_a?(PuppetValue) && other.wire_name == wire_name &&
        other.wire_parameters == wire_parameters
    end
    alias eql? ==

    def hash
      [wire_name, wire_parameters].hash
    end

    # As Puppet prints the value (String(value)).
    def to_s
      Host.call_function('String', [self])
    end

    def inspect
      to_s
    end

    # The Ruby object for a value that came as wire_name and wire_parameters.
    def self.from_wire(name, parameters)
      case name
      when '#Binary' then Puppet::Pops::Types::PBinaryType::Binary.new(parameters[0])
      when '#Timestamp' then Puppet::Pops::Time::Timestamp.new(parameters[0] * 1_000_000_000 + parameters[1])
      when '#Timespan' then Puppet::Pops::Time::Timespan.new(parameters[0])
      when '#SemVer' then SemanticPuppet::Version.from_wire(parameters)
      when /\A#/ then PuppetValue.new(name, parameters)
      else Puppet::Pops::Types.type_class(name).new(name, parameters)
      end
    end
  end

  # What 3.x functions receive instead of what 4.x functions do, as Puppet converts their
  # arguments: a resource reference is a Puppet::Resource, Binary, Timestamp, Timespan and SemVer
  # are their texts, undef at the top is '' (nested, nil).
  module Runtime3
    def self.argument(value, top = true)
      case value
      when nil then top ? '' : nil
      when Array then value.map { |item| argument(item, false) }
      when Hash then value.to_h { |key, item| [argument(key, false), argument(item, false)] }
      when Puppet::Pops::Types::PResourceType, Puppet::Pops::Types::PClassType then value.to_resource || value
      when Puppet::Pops::Types::PBinaryType::Binary, Puppet::Pops::Time::Timestamp,
           Puppet::Pops::Time::Timespan, SemanticPuppet::Version
        value.to_s
      else value
      end
    end
  end
end

module Puppet
  module Pops
    module Types
      # The names of Puppet's types whose class is P<Name>Type; any other name is a resource type.
      TYPE_NAMES = %w[
        Any Scalar ScalarData Data RichData Numeric Integer Float String Boolean Array Hash Struct
        Tuple Optional NotUndef Variant Enum Pattern Regexp Undef Default Type Callable Collection
        CatalogEntry Class Resource Runtime Iterable Iterator Sensitive Binary Timestamp Timespan
        SemVer SemVerRange Init Object TypeReference Error URI
      ].freeze

      # A Puppet type, as functions receive Integer[1, 2] or File['/x'].
      class PAnyType < Marionette::PuppetValue
        # Whether the value is of this type, as Puppet's `=~` says.
        def instance?(value, _guard = nil)
          Marionette.type_mismatch(to_s, value).nil?
        end

        def name
          wire_name
        end
      end

      def self.type_class(name)
        class_name = TYPE_NAMES.include?(name) ? "P#{name}Type" : 'PResourceType'
        class_name = 'PTypeAliasType' if %w[Data RichData ScalarData].include?(name)
        const_get(class_name)
      end

      (TYPE_NAMES.map { |name| "P#{name}Type" } + ['PTypeAliasType']).uniq.each do |class_name|
        const_set(class_name, Class.new(PAnyType)) unless const_defined?(class_name, false)
      end

      # File['/x'] (type_name File, title /x), or File alone.
      class PResourceType
        def type_name
          wire_name == 'Resource' ? wire_parameters[0]&.to_s : wire_name
        end

        def title
          wire_name == 'Resource' ? wire_parameters[1] : wire_parameters[0]
        end

        def to_resource
          Puppet::Resource.new(type_name, title)
        end
      end

      # The types that wrap one type: Optional[String].type is String.
      [POptionalType, PTypeType, PNotUndefType, PSensitiveType, PIterableType, PIteratorType].each do |wrapper|
        wrapper.define_method(:type) { wire_parameters[0] }
      end

      # Class['foo'].
      class PClassType
        def class_name
          wire_parameters[0]
        end

        def to_resource
          class_name.is_a?(String) ? Puppet::Resource.new('Class', class_name) : nil
        end
      end

      class PSensitiveType
        # Sensitive('secret') as functions receive it.
        class Sensitive
          def initialize(value)
            @value = value
          end

          def unwrap
            @value
          end

          def to_s
            'Sensitive [value redacted]'
          end
          alias inspect to_s

          def ==(other)
            other.is_a?(Sensitive) && other.unwrap == @value
          end
        end
      end

      class PBinaryType
        # Binary('aGk='): bytes, printed as strict Base64.
        class Binary
          attr_reader :binary_buffer

          def self.from_base64(text)
            new(Base64.decode64(text))
          end

          def self.from_base64_strict(text)
            new(Base64.strict_decode64(text))
          end

          def self.from_binary_string(bytes)
            new(bytes)
          end

          def self.from_string(text)
            new(text.encode(Encoding::UTF_8))
          end

          def initialize(bytes)
            @binary_buffer = bytes.dup.force_encoding(Encoding::ASCII_8BIT).freeze
          end

          def length
            @binary_buffer.bytesize
          end

          def to_s
            Base64.strict_encode64(@binary_buffer)
          end

          def relaxed_to_s
            text = @binary_buffer.dup.force_encoding(Encoding::UTF_8)
            text.valid_encoding? ? text : to_s
          end

          def ==(other)
            other.is_a?(Binary) && other.binary_buffer == @binary_buffer
          end
          alias eql? ==

          def hash
            @binary_buffer.hash
          end

          def inspect
            "#{self.class.name}('#{self}')"
          end

          def wire_name
            '#Binary'
          end

          def wire_parameters
            [@binary_buffer]
          end
        end
      end
    end

    module Time
      NSECS_PER_SEC = 1_000_000_000

      # Timestamp and Timespan: a count of nanoseconds.
      class TimeData
        include Comparable

        attr_reader :nsecs

        def initialize(nsecs)
          @nsecs = nsecs
        end

        def <=>(other)
          other.is_a?(self.class) ? @nsecs <=> other.nsecs : nil
        end

        def hash
          [self.class, @nsecs].hash
        end
        alias eql? ==

        def to_i
          @nsecs / NSECS_PER_SEC
        end
        alias to_int to_i

        def to_f
          @nsecs.fdiv(NSECS_PER_SEC)
        end

        def to_s
          Marionette::Host.call_function('String', [self])
        end

        def inspect
          to_s
        end
      end

      # Timestamp('2024-01-01T00:00:00Z').
      class Timestamp < TimeData
        def self.now
          from_time(::Time.now)
        end

        def self.from_time(time)
          new(time.tv_sec * NSECS_PER_SEC + time.tv_nsec)
        end

        def to_time
          ::Time.at(@nsecs / NSECS_PER_SEC, @nsecs % NSECS_PER_SEC, :nsec).utc
        end

        def sec
          to_i
        end

        def +(other)
          Timestamp.new(@nsecs + (other.is_a?(Timespan) ? other.nsecs : (other * NSECS_PER_SEC).to_i))
        end

        def -(other)
          return Timespan.new(@nsecs - other.nsecs) if other.is_a?(Timestamp)

          self + -(other.is_a?(Timespan) ? other.to_f : other)
        end

        def wire_name
          '#Timestamp'
        end

        def wire_parameters
          [@nsecs.div(NSECS_PER_SEC), @nsecs % NSECS_PER_SEC]
        end
      end

      # Timespan(3.5).
      class Timespan < TimeData
        def self.from_fields(negative, days, hours, minutes, seconds, milliseconds = 0,
                             microseconds = 0, nanoseconds = 0)
          total = ((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + milliseconds) *
                  1_000_000 + microseconds * 1000 + nanoseconds
          new(negative ? -total : total)
        end

        def days
          (@nsecs.abs / (NSECS_PER_SEC * 86_400))
        end

        def wire_name
          '#Timespan'
        end

        def wire_parameters
          [@nsecs]
        end
      end
    end
  end

  # A resource reference as 3.x functions receive it: File[/x], Class[Foo].
  class Resource
    attr_reader :type, :title

    # "file[/x]" is ['File', '/x'], ('class', 'a::b') ['Class', 'A::B'], as Puppet's.
    def self.type_and_title(type, title)
      match = title.nil? && /\A([^\[]+)\[(.+)\]\z/m.match(type.to_s)
      type, title = match[1], match[2] if match
      type = capitalized(type)
      title = title.to_s.empty? ? 'main' : capitalized(title) if type == 'Class'
      [type, title]
    end

    def self.capitalized(name)
      name.to_s.split('::').map(&:capitalize).join('::')
    end

    def initialize(type, title)
      @type = Resource.capitalized(type)
      @title = @type == 'Class' ? Resource.capitalized(title) : title
    end

    def ref
      "#{@type}[#{@title}]"
    end
    alias to_s ref
    alias inspect ref

    def ==(other)
      other.is_a?(Resource) && other.type == @type && other.title == @title
    end

    def wire_name
      @type
    end

    def wire_parameters
      [@title]
    end
  end
end

require 'marionette/semantic_version'
