# frozen_string_literal: true

# What the Ruby functions of Puppet modules expect to find, written for marionette: the 4.x
# function API (Puppet::Functions.create_function with its dispatches), the 3.x API
# (Puppet::Parser::Functions.newfunction) and the few classes their values come in. Calls back
# into marionette go through Marionette::Host, which marionette-ruby.so defines.

# What Puppet has loaded before any module's Ruby runs, and that modules use without requiring
# (base64, digest, set, json, time, erb): loaded when first used.
require 'marionette/lazy_libraries'
autoload :URI, 'uri' # loaded when first used, as the others in puppet_runtime.rb

require 'marionette/puppet_values'

module Marionette
  # A call back into marionette failed; its error is marionette's to report.
  class HostError < StandardError; end

  # The plainest types, checked as Puppet's own instance? checks them (PStringType: a String;
  # PIntegerType without a range: an Integer, here only those of 64 bits; PBooleanType: true or
  # false), without a call back into marionette: in a Ruby worker each call back is a round trip
  # between two processes, and a dispatch checks each argument and the return value.
  PLAIN_TYPE_CHECKS = {
    'String' => ->(value) { value.is_a?(String) },
    'Integer' => ->(value) { value.is_a?(Integer) && value.bit_length < 64 },
    'Boolean' => ->(value) { [true, false].include?(value) }
  }.freeze

  # nil when `value` is of the Puppet type `type` (its text), else why not, in Puppet's words
  # (which marionette gives).
  def self.type_mismatch(type, value)
    return nil if type == 'Any' || PLAIN_TYPE_CHECKS[type]&.call(value)

    Host.check_type(type, value)
  end

  # While a type file is read there is no compile to call back (ruby_type_loader.cpp): what
  # asks the compile (Puppet.version, Puppet[:strict]) answers marionette's defaults then.
  def self.reading_type
    @reading_type = true
    yield
  ensure
    @reading_type = false
  end

  def self.reading_type?
    @reading_type
  end

  # Called by marionette-ruby.so for each call of a module's Ruby function.
  def self.invoke(api, file, name, arguments, has_block, load_path, frame)
    use_module_libs(load_path)
    reach_module_lib(module_lib_of(file))
    if api == 0 # a resource type file read for its definition (compiler/ruby_type_loader.cpp)
      require 'marionette/type_reader'
      reading_type { TypeReader.read(file, name) }
    elsif api == 4
      block = has_block ? proc { |*values| Host.call_block(values, frame) } : nil
      Functions4.load(file, name).new.marionette_call(arguments, block)
    else
      Functions3.call(file, name, arguments)
    end
  end

  # call_function with a Ruby block: the function gets a Puppet block of as many parameters
  # as the Ruby block has, whose calls come back here (call_block) while the call runs.
  def self.call_with_block(name, arguments, block)
    blocks.push(block)
    counts = block.parameters.map(&:first)
    parameters = counts.count { |kind| kind == :req || kind == :opt }
    parameters = 1 if parameters.zero? && counts.include?(:rest)
    Host.call_function_with_block(name.to_s, arguments, blocks.size - 1, parameters)
  ensure
    blocks.pop
  end

  def self.call_block(id, arguments)
    block = blocks[id] or raise "the Ruby block's call_function has returned"
    block.call(*arguments)
  end

  def self.blocks
    @blocks ||= []
  end

  # The directory of the module named `name` in the compile's modulepath (first wins), or nil.
  def self.module_dir(name)
    lib = (@module_libs || []).find { |dir| File.basename(File.dirname(dir)) == name }
    lib && File.dirname(lib)
  end

  # What scope.compiler.environment is to Puppet's code; marionette's has nothing to give.
  class Environment; end
  Compiler = Struct.new(:environment)

  # Loads a file once (again when it changes), and finds what it defined.
  module FileCache
    def self.load(file)
      @loaded ||= {}
      stamp = File.mtime(file)
      return if @loaded[file] == stamp

      Kernel.load(file)
      @loaded[file] = stamp
    end
  end

  # 4.x functions: lib/puppet/functions/NS/NAME.rb calls create_function(:'ns::name').
  # Kept by file, so that two environments' files of one name (an agent's runs) stay apart.
  module Functions4
    @by_file = Hash.new { |hash, file| hash[file] = {} }

    def self.defined(name, function_class)
      @by_file[@loading][name] = function_class
    end

    def self.load(file, name)
      @loading = file
      FileCache.load(file)
      @by_file[file].fetch(name) do
        raise "#{file} did not define the function '#{name}' (create_function(:'#{name}'))"
      end
    ensure
      @loading = nil
    end
  end

  # 3.x functions: lib/puppet/parser/functions/NAME.rb calls newfunction(:name).
  module Functions3
    @defined = {}

    # The body becomes a method of Scope, as Puppet makes it one: `return` in it returns.
    def self.defined(name, options, body)
      method_name = "marionette_3x_#{name}"
      Scope.send(:define_method, method_name, &body)
      @defined[name.to_s] = [options, method_name]
    end

    # A function already loaded, or else the first lib/puppet/parser/functions/NAME.rb in a
    # module's lib/, as Puppet's autoloader finds them (not the rest of $LOAD_PATH: Ruby's
    # vendor directory holds Puppet's own functions, which marionette answers itself).
    def self.find(name)
      name = name.to_s
      return @defined[name] if @defined.key?(name)

      file = Marionette.module_libs.map { |dir| File.join(dir, 'puppet/parser/functions', "#{name}.rb") }
                       .find { |path| File.file?(path) }
      FileCache.load(file) if file
      @defined[name]
    end

    def self.loaded?(name)
      @defined.key?(name.to_s)
    end

    def self.call(file, name, arguments)
      FileCache.load(file)
      @defined.fetch(name) do
        raise "#{file} did not define the function '#{name}' (newfunction(:#{name}))"
      end
      call_defined(name, arguments)
    end

    # A statement function's value does not leak to its caller.
    def self.call_defined(name, arguments)
      options, = @defined.fetch(name)
      arguments = arguments.map { |value| Runtime3.argument(value) }
      result = Scope.new.send("function_#{name}", arguments)
      options[:type] == :rvalue ? result : nil
    end

    # A function that a loaded file defined under a name no loader finds a file for
    # (docker_run_flags.rb's newfunction(:'docker::escape')): Puppet's call_function reaches it
    # through the 3.x API once its loaders found nothing.
    def self.defined_without_file?(name)
      return false unless @defined.key?(name)

      segments = name.split('::')
      libs = Marionette.module_libs
      libs = libs.select { |dir| File.basename(File.dirname(dir)) == segments.first } if segments.size > 1
      return false if libs.any? { |dir| File.file?("#{File.join(dir, 'puppet/functions', *segments)}.rb") }

      dir = segments.size > 1 && Marionette.module_dir(segments.first)
      return false if dir && File.file?("#{File.join(dir, 'functions', *segments.drop(1))}.pp")

      Marionette.module_libs.none? { |lib| File.file?(File.join(lib, 'puppet/parser/functions', "#{name}.rb")) }
    end
  end

  # The scope 3.x functions run in (self in their body), and that templates call through.
  class Scope
    def lookupvar(name, _options = {})
      value = Host.lookup_variable(name.to_s)
      value.nil? ? :undef : value
    end

    def [](name, options = {})
      value = lookupvar(name, options)
      value == :undef ? nil : value
    end

    def compiler
      Compiler.new(Environment.new)
    end

    # Puppet's Scope#lookupdefaults: the resource defaults this scope sees for a type (named as
    # declared, `Exec`), keyed by attribute name as a Symbol, each a Param (name, value).
    def lookupdefaults(type)
      Host.call_function('marionette::resource_defaults', [type.to_s]).to_h do |name, value|
        [name.to_sym, DefaultParam.new(name.to_sym, value)]
      end
    end

    DefaultParam = Struct.new(:name, :value)

    def call_function(name, arguments, &block)
      return Marionette.call_with_block(name, Array(arguments), block) if block
      return Functions3.call_defined(name.to_s, Array(arguments)) if Functions3.defined_without_file?(name.to_s)

      Host.call_function(name.to_s, Array(arguments))
    end

    def function_missing(name, arguments)
      definition = Functions3.find(name)
      return Host.call_function(name, arguments) unless definition

      options, method_name = definition
      expected = options[:arity]
      if expected && !arity_accepts?(expected, arguments.size)
        raise ArgumentError,
              "#{name}(): Wrong number of arguments given (#{arguments.size} for #{arity_text(expected)})"
      end
      send(method_name, arguments)
    end

    def method_missing(method, *arguments, &block)
      text = method.to_s
      return function_missing(text.delete_prefix('function_'), arguments.first || []) if text.start_with?('function_')

      super
    end

    def respond_to_missing?(method, include_private = false)
      method.to_s.start_with?('function_') || super
    end

    private

    def arity_accepts?(arity, count)
      arity >= 0 ? count == arity : count >= -arity - 1
    end

    def arity_text(arity)
      arity >= 0 ? arity.to_s : "minimum #{-arity - 1}"
    end
  end
end

module Puppet
  # Puppet's log functions: through marionette's run log while a compile runs (as Puppet logs
  # them, debug shown only with --debug), else as `puppet apply` prints them.
  %i[debug info notice warning err].each do |level|
    define_singleton_method(level) do |message|
      next if Marionette::Host.log(level, message.to_s)

      $stderr.puts("#{level == :err ? 'Error' : level.to_s.capitalize}: #{message}") unless %i[debug info].include?(level)
    end
  end

  class Error < RuntimeError; end
  class ParseError < Error; end
  class DevError < Error; end

  module Parser
    # What a template sees, defined with the templates' code (template_compat.rb), which loads
    # with the first template rendered in Ruby.
    autoload :Scope, 'marionette/template_compat'
    autoload :TemplateWrapper, 'marionette/template_compat'

    # Where a module's template file is: "MODULE/REST" is MODULE/templates/REST.
    module Files
      def self.find_template(template, _environment = nil)
        return (File.file?(template) ? template : nil) if template.start_with?('/')

        module_name, rest = template.split('/', 2)
        dir = rest && Marionette.module_dir(module_name)
        path = dir && File.join(dir, 'templates', rest)
        path && File.file?(path) ? path : nil
      end
    end

    module Functions
      def self.newfunction(name, options = {}, &body)
        raise Puppet::DevError, "newfunction(:#{name}) needs a block" unless body

        Marionette::Functions3.defined(name, { type: :statement }.merge(options), body)
      end

      def self.function(name)
        Marionette::Functions3.find(name) ? "function_#{name}" : false
      end

      # What Puppet's function autoloader answers: 3.x functions load from the modules' lib/.
      module Autoloader
        def self.loaded?(name)
          Marionette::Functions3.loaded?(name)
        end

        def self.load(name, _environment = nil)
          !Marionette::Functions3.find(name).nil?
        end

        def self.loadall(_environment = nil); end
      end

      def self.autoloader
        Autoloader
      end
    end
  end

  module Functions
    def self.create_function(name, base = Function, &body)
      function_class = Class.new(base)
      function_class.instance_variable_set(:@function_name, name.to_s)
      function_class.class_eval(&body)
      Marionette::Functions4.defined(name.to_s, function_class)
      function_class
    end

    # One signature of a function: its method, parameters and block.
    class Dispatch
      Parameter = Struct.new(:type, :name, :kind) # kind: :required, :optional, :repeated

      attr_reader :method_name, :parameters, :block, :return_type

      def initialize(method_name)
        @method_name = method_name
        @parameters = []
        @block = nil # [type, name, required]
      end

      def min_arguments
        @parameters.count { |p| p.kind == :required || p.kind == :required_repeated }
      end

      def max_arguments
        @parameters.any? { |p| p.kind == :repeated || p.kind == :required_repeated } ? nil : @parameters.size
      end

      def signature_text
        texts = @parameters.map do |p|
          case p.kind
          when :optional then "#{p.type} #{p.name}?"
          when :repeated then "#{p.type} #{p.name}*"
          when :required_repeated then "#{p.type} #{p.name}+"
          else "#{p.type} #{p.name}"
          end
        end
        texts << "#{@block[0]} &#{@block[1]}" if @block
        "(#{texts.join(', ')})"
      end

      # nil when the arguments fit, else why not, in Puppet's words.
      def rejection(arguments)
        arguments.each_with_index do |value, index|
          parameter = @parameters[index] || @parameters.last
          why = Marionette.type_mismatch(parameter.type, value)
          next unless why

          return "parameter '#{parameter.name}' #{why}" unless parameter.kind.to_s.end_with?('repeated')

          return "parameter '#{parameter.name}' index #{index - @parameters.index(parameter)} #{why}"
        end
        nil
      end
    end

    # Builds one dispatch: the body of `dispatch :method do ... end`.
    class DispatchBuilder
      def initialize(dispatch)
        @dispatch = dispatch
      end

      def param(type, name)
        @dispatch.parameters << Dispatch::Parameter.new(type.to_s, name, :required)
      end
      alias required_param param

      def optional_param(type, name)
        @dispatch.parameters << Dispatch::Parameter.new(type.to_s, name, :optional)
      end

      def repeated_param(type, name)
        @dispatch.parameters << Dispatch::Parameter.new(type.to_s, name, :repeated)
      end
      alias optional_repeated_param repeated_param

      def required_repeated_param(type, name)
        @dispatch.parameters << Dispatch::Parameter.new(type.to_s, name, :required_repeated)
      end

      def block_param(type = 'Callable', name = :block)
        type, name = 'Callable', type if type.is_a?(Symbol)
        @dispatch.instance_variable_set(:@block, [type.to_s, name, true])
      end

      def optional_block_param(type = 'Callable', name = :block)
        type, name = 'Callable', type if type.is_a?(Symbol)
        @dispatch.instance_variable_set(:@block, [type.to_s, name, false])
      end

      def return_type(type)
        @dispatch.instance_variable_set(:@return_type, type.to_s)
      end
    end

    # The base of every 4.x function.
    class Function
      class << self
        attr_reader :function_name

        def dispatches
          @dispatches ||= []
        end

        def dispatch(method_name, &body)
          dispatch = Dispatch.new(method_name)
          DispatchBuilder.new(dispatch).instance_eval(&body) if body
          dispatches << dispatch
        end

        def local_types(&_body); end

        def argument_mismatch(method_name, &body)
          dispatch(method_name, &body)
        end

        # Without a dispatch, Puppet dispatches to the method named as the function, any types.
        def effective_dispatches
          return dispatches unless dispatches.empty?

          method_name = function_name.split('::').last
          dispatch = Dispatch.new(method_name.to_sym)
          instance_method(method_name).parameters.each do |kind, name|
            case kind
            when :req then dispatch.parameters << Dispatch::Parameter.new('Any', name, :required)
            when :opt then dispatch.parameters << Dispatch::Parameter.new('Any', name, :optional)
            when :rest then dispatch.parameters << Dispatch::Parameter.new('Any', name, :repeated)
            when :block then dispatch.instance_variable_set(:@block, ['Callable', name, false])
            end
          end
          [dispatch]
        end
      end

      def marionette_call(arguments, block)
        dispatches = self.class.effective_dispatches
        fitting = dispatches.select { |d| fits_count?(d, arguments.size) }
        raise ArgumentError, count_error(dispatches, arguments.size) if fitting.empty?

        rejections = []
        dispatches.each do |dispatch|
          unless fitting.include?(dispatch)
            rejections << [dispatch, count_text([dispatch], arguments.size)]
            next
          end
          why = dispatch.rejection(arguments)
          if why.nil?
            if dispatch.block && dispatch.block[2] && block.nil?
              raise ArgumentError, "'#{self.class.function_name}' expects a block"
            end
            if block && dispatch.block.nil?
              raise ArgumentError, "'#{self.class.function_name}' does not expect a block"
            end

            return checked_return(dispatch, send(dispatch.method_name, *arguments, &block))
          end
          rejections << [dispatch, why]
        end
        raise ArgumentError, type_error(dispatches, rejections)
      end

      def call_function(name, *arguments, &block)
        return Marionette.call_with_block(name, arguments, block) if block

        Marionette::Host.call_function(name.to_s, arguments)
      end

      def closure_scope
        Marionette::Scope.new
      end

      private

      def checked_return(dispatch, value)
        type = dispatch.return_type
        why = type ? Marionette.type_mismatch(type, value) : nil
        raise ArgumentError, "value returned from function '#{dispatch.method_name}' has wrong type, #{why}" if why

        value
      end

      def fits_count?(dispatch, count)
        max = dispatch.max_arguments
        count >= dispatch.min_arguments && (max.nil? || count <= max)
      end

      def count_error(dispatches, count)
        "'#{self.class.function_name}' #{count_text(dispatches, count)}"
      end

      def count_text(dispatches, count)
        min = dispatches.map(&:min_arguments).min
        maxes = dispatches.map(&:max_arguments)
        max = maxes.include?(nil) ? nil : maxes.max
        expected =
          if max.nil? then "at least #{min} argument#{min == 1 ? '' : 's'}"
          elsif min == max then "#{min} argument#{min == 1 ? '' : 's'}"
          else "between #{min} and #{max} arguments"
          end
        "expects #{expected}, got #{count.zero? ? 'none' : count}"
      end

      def type_error(dispatches, rejections)
        return "'#{self.class.function_name}' #{rejections[0][1]}" if dispatches.size == 1

        lines = ["The function '#{self.class.function_name}' was called with arguments it does not accept. It expects one of:"]
        rejections.each do |dispatch, why|
          lines << "  #{dispatch.signature_text}"
          lines << "    rejected: #{why}"
        end
        lines.join("\n")
      end
    end
  end
end

module PuppetX; end

# Puppet's gettext functions: without translations a message is itself.
module Kernel
  private

  def _(message)
    message
  end

  def n_(singular, plural, count)
    count == 1 ? singular : plural
  end
end

require 'marionette/puppet_runtime'
Marionette::Unprovided.extend_all(Puppet)
