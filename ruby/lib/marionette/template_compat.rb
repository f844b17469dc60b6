# frozen_string_literal: true

# Templates the native ERB engine does not take, rendered by Ruby's own ERB as Puppet renders
# them: a wrapper object whose instance variables are the visible variables (@name) and whose
# `scope` answers lookupvar, [], to_hash and function calls (through Marionette::Host), with
# Puppet's trim mode '-', and errors worded as Puppet's template() and inline_template() word
# them. Written for marionette; what it mimics is Puppet 7's observable behaviour.

# Loaded when the first template is rendered in Ruby, or a module's Ruby names
# Puppet::Parser::Scope or TemplateWrapper (their autoloads are in puppet_compat.rb): a compile
# whose Ruby only calls functions does not load it. What Puppet has loaded by the time a template
# runs, and that templates use without requiring (`@hash.to_yaml`, `to_json`, IPAddr,
# Time.parse), is in lazy_libraries.rb, for functions as for templates.
require 'marionette/lazy_libraries'

module Puppet
  module Parser
    # The scope a template sees (`scope`): the variables it was handed, the calling scope's
    # lookups and functions through marionette.
    class Scope < Marionette::Scope
      def initialize(variables, name)
        super()
        @variables = variables
        @name = name
      end

      # Puppet 7 gives nil for a variable that is not set (or undef), not :undef. A visible
      # variable is the very object the template's @name is (a change in place shows in both).
      def lookupvar(name, _options = {})
        name = name.to_s
        return @set[name] if @set&.key?(name)
        return @variables[name] if @variables.key?(name)

        Marionette::Host.lookup_variable(name)
      rescue Marionette::HostError => e
        # Puppet's Scope#variable_not_found under strict=error raises ArgumentError.
        raise unless e.message.start_with?('Undefined variable ')

        raise ArgumentError, e.message
      end

      # A variable set by a template: set in the calling scope (for the Puppet code that
      # follows), and kept here as the very object, which the templates it includes see (and
      # may change in place) through lookupvar, as they do in Puppet.
      def setvar(name, value, _options = {})
        name = name.to_s
        raise Puppet::ParseError, "Cannot reassign variable '$#{name}'" if @set&.key?(name)

        begin
          Marionette::Host.set_variable(name, value)
        rescue ArgumentError
          nil # a Ruby object Puppet cannot hold: only the templates see it
        end
        (@set ||= {})[name] = value
      end

      # template() called by a template: rendered here, with this scope, so that the variables
      # templates set and share stay the same objects.
      def function_template(names)
        Array(names).map { |name| Marionette::Templates.render_included(self, name.to_s) }.join
      end

      def call_function(name, arguments, &block)
        return function_template(arguments) if name.to_s == 'template' && block.nil?

        super
      rescue Marionette::HostError => e
        raise unless e.message == "Unknown function: '#{name}'."

        raise ArgumentError, "Unknown function '#{name}'"
      end

      def [](name, options = {})
        lookupvar(name, options)
      end

      # Puppet catches the missing variable here, whatever `strict` says.
      def include?(name)
        !lookupvar(name).nil?
      rescue ArgumentError => e
        raise unless e.message.start_with?('Undefined variable ')

        false
      end
      alias exist? include?

      # Every visible variable that is not undef, the nearest scope's winning.
      def to_hash(_recursive = true, _include_undef = false)
        @set ? @variables.merge(@set) : @variables.dup
      end

      def to_s
        @name
      end
      alias inspect to_s

      # A function marionette does not have is, to scope.function_NAME, a method the scope
      # lacks; to scope.call_function, Puppet's ArgumentError.
      def function_missing(name, arguments)
        super
      rescue Marionette::HostError => e
        raise unless e.message == "Unknown function: '#{name}'."

        raise NoMethodError, "undefined method `function_#{name}' for #{self}:Puppet::Parser::Scope"
      end
    end

    # What a template's code runs in (self), as Puppet's TemplateWrapper is.
    class TemplateWrapper
      def initialize(scope, file)
        @__scope__ = scope
        @__file__ = file
      end

      def file
        @__file__
      end

      def scope
        @__scope__
      end

      def has_variable?(name)
        scope.include?(name.to_s)
      end

      def classes
        raise NotImplementedError, "marionette's templates do not provide 'classes' (the catalog's classes) yet"
      end

      def all_tags
        raise NotImplementedError, "marionette's templates do not provide 'all_tags' (the catalog's tags) yet"
      end

      def tags
        raise NotImplementedError, "Call 'all_tags' instead."
      end

      def to_s
        "template[#{@__file__ || 'inline'}]"
      end

      # The template's output, each variable bound as an instance variable first.
      def marionette_result(erb, variables)
        variables.each do |name, value|
          instance_variable_set("@#{name.gsub(/[^\w]/, '_')}", value)
        end
        erb.result(binding)
      end
    end
  end
end

module Marionette
  # Renders one template (marionette-ruby.so's render_template).
  module Templates
    # A template that failed, with the whole message as Puppet words it.
    class Failure < StandardError; end

    LAYER_DIR = File.dirname(__FILE__)
    # Where Puppet's template() raises when a template it renders fails (the Filepath and Line
    # that Puppet reports for a template whose nested template() failed).
    PUPPET_TEMPLATE_FUNCTION = ['/usr/lib/ruby/vendor_ruby/puppet/parser/functions/template.rb', '36'].freeze
    CACHE_LIMIT = 512
    MAX_DEPTH = 64

    @compiled = {}

    # The ERB of a text, compiled once per text and file name.
    def self.compiled(text, file)
      key = [file, text]
      erb = @compiled[key]
      return erb if erb

      @compiled.clear if @compiled.size >= CACHE_LIMIT
      erb = ERB.new(text, trim_mode: '-')
      erb.filename = file
      @compiled[key] = erb
    end

    def self.render(reference, file, text, variables, scope_name, load_path)
      Marionette.use_module_libs(load_path)
      file = nil if file.empty?
      scope = Puppet::Parser::Scope.new(variables, scope_name)
      wrapper = Puppet::Parser::TemplateWrapper.new(scope, file)
      begin
        wrapper.marionette_result(compiled(text, file), variables)
      rescue StandardError, ScriptError => e
        raise Failure, inline_message(e) if file.nil?

        raise Failure, file_message(reference, file, e)
      end
    end

    # A template that a Ruby-rendered template includes (scope.function_template), as
    # Puppet's template() renders it: found in its module, its errors worded by template().
    def self.render_included(scope, reference)
      @depth = (@depth || 0) + 1
      raise Puppet::ParseError, "templates nested deeper than #{MAX_DEPTH}" if @depth > MAX_DEPTH

      file = Puppet::Parser::Files.find_template(reference)
      raise Puppet::ParseError, "Could not find template '#{reference}'" unless file

      text = File.read(file, encoding: 'UTF-8')
      wrapper = Puppet::Parser::TemplateWrapper.new(scope, file)
      begin
        wrapper.marionette_result(compiled(text, file), scope.to_hash)
      rescue StandardError, ScriptError => e
        raise Puppet::ParseError, file_message(reference, file, e)
      end
    ensure
      @depth -= 1
    end

    def self.inline_message(error)
      "Failed to parse inline template: #{error.message}"
    end

    def self.file_message(reference, file, error)
      path, line = origin(file, error)
      ["Failed to parse template #{reference}:", "  Filepath: #{path}", "  Line: #{line}",
       "  Detail: #{error.message}"].join("\n") + "\n"
    end

    # Where Puppet would say the error was: the first frame of its backtrace, unless that frame
    # is marionette's own layer (then the template's line, or where Puppet's template() raises
    # for a nested template's failure).
    def self.origin(file, error)
      frames = error.backtrace || []
      first = frames.first.to_s
      unless first.empty? || first.start_with?(LAYER_DIR) || first.start_with?('(erb)')
        return first.split(':')[0, 2]
      end
      return PUPPET_TEMPLATE_FUNCTION if error.message.start_with?('Failed to parse template ')

      in_template = frames.find { |frame| frame.start_with?("#{file}:") }
      line = in_template ? in_template.delete_prefix("#{file}:")[/\A\d+/] : first[/:(\d+)/, 1]
      [file, line]
    end
  end

end
