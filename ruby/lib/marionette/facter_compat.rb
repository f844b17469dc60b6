# frozen_string_literal: true

# Facter's DSL for the custom facts modules ship in lib/facter, written for marionette (not
# Facter's code): Facter.add with confine, has_weight and setcode, Facter.value and Facter.fact,
# Facter::Core::Execution and the legacy Facter::Util::Resolution. marionette gathers the core
# and external facts natively and hands them in; Marionette::CustomFacts.resolve loads the
# files, resolves every custom fact once and hands back those that count, with what Facter
# would have logged. The behaviour is Facter 4.3's, as `facter --custom-dir` shows it.

require 'timeout'
require 'marionette/lazy_libraries' # Gem::Version
require 'marionette/facter_execution'
require 'marionette/facter_cache'
require 'marionette/facter_puppet'

# Gem::Version, which facts use (stdlib's package_provider), loads alone: lazy_libraries.rb.

# A fact may require a library Debian ships as a gem (rubygems-integration: ipaclient's
# sssd_facts.rb requires ruby-augeas's 'augeas'), which Puppet finds through RubyGems: a
# require that fails loads RubyGems, once, and is tried again through it.
module Kernel
  unless private_method_defined?(:marionette_require_without_gems)
    alias marionette_require_without_gems require

    def require(path)
      marionette_require_without_gems(path)
    rescue LoadError
      raise if $marionette_rubygems_tried

      $marionette_rubygems_tried = true
      marionette_require_without_gems('rubygems')
      require(path)
    end
    private :require, :marionette_require_without_gems
  end
end

module Marionette
  # One run's custom facts: loaded afresh each run (a fact file may have changed since).
  module CustomFacts
    # Facts resolving facts resolving facts...: deeper than this is an error, not a crash.
    MAX_NESTING = 100

    class << self
      attr_reader :current

      # files: the fact files in load order; load_path: each module's lib/; core and external:
      # the facts marionette gathered; options: 'part' and 'parts' (this worker resolves the
      # facts of its part, marionette runs the others in other workers at the same time),
      # 'facter_conf' and 'cache_dir' (facter.conf's ttls, FactCache). Returns
      # { 'facts' => {...}, 'logs' => [[level, text, order]] }: the facts and Facter's log
      # lines of this part, each line with the definition order of the fact it came from (-1
      # while the files load, reported by part 0 alone), by which marionette merges the parts.
      # A compile that reads some facts only (marionette's lazy custom facts) gives the files
      # that may define them and adds 'wanted' (the facts to resolve, with the others of their
      # cached groups; the rest are loaded, not resolved), 'definers' (fact name => the files
      # that may define it, loaded when Facter.value asks for a fact no loaded file defines) and
      # 'resolved' (name => value of the facts earlier calls resolved, not run again); the
      # answer's 'resolved' is every custom fact resolved so far, by its own value.
      # With 'names_only' the files are loaded and nothing is resolved (no setcode block, no
      # confine runs): the answer's 'names' is, for each file, the facts it defined (its own
      # Facter.add calls and those of the files it loads), and it says nothing (the load errors
      # are said when a fact of the file is resolved).
      def resolve(files, load_path, core, external, options = nil)
        options ||= {}
        load_path.each { |dir| $LOAD_PATH.push(dir) unless $LOAD_PATH.include?(dir) }
        @current = Collection.new(core, external, Part.new(options['part'].to_i, options['parts'].to_i))
        if options['names_only']
          files.each { |file| @current.load_file(file) }
          return { 'facts' => {}, 'logs' => [], 'names' => @current.names_by_file }
        end

        @current.lazily(options['wanted'], options['definers'], options['resolved'])
        cache = FactCache.new(options['facter_conf'], options['cache_dir'], @current)
        files.each { |file| @current.load_file(file) }
        facts = @current.custom_values(cache)
        { 'facts' => facts, 'logs' => @current.logs, 'resolved' => @current.resolved_values }
      ensure
        @current = nil
      end

      def collection
        @current or raise Facter::FactError, 'custom facts are resolved only while marionette gathers facts'
      end
    end

    # Which facts this worker resolves: the facts in definition order dealt out round the
    # parts (each worker loads every file, so each numbers them alike); the facts of one cached
    # group go to one part, which alone reads and writes the group's cache file.
    class Part
      attr_reader :index, :count

      def initialize(index, count)
        @count = count.positive? ? count : 1
        @index = index % @count
      end

      def owns?(order, group = nil)
        return true if @count == 1

        key = group ? group.bytes.sum : order
        key.negative? ? @index.zero? : (key % @count) == @index
      end
    end

    # The facts of one run: the native ones as given, the custom ones as their files define them.
    class Collection
      def initialize(core, external, part = Part.new(0, 1))
        @core = core
        @external = external
        @part = part
        @custom = {} # name => Fact, in definition order
        @logs = []
        @nesting = 0
        @resolving = [] # the facts being resolved, innermost last
        @groups = {} # fact order => its cached group, whose part owns it
        @unclaimed = [] # the orders of the facts no part resolves as its own
        @wanted = nil # nil: every fact
        @definers = {}
        @preresolved = {}
        @loaded = {}
        @loading = [] # the files being loaded, innermost last
        @names_by_file = {} # file => the names of the facts its load defined
      end

      attr_reader :names_by_file

      # Only `wanted` (names) are resolved; a fact no loaded file defines is looked for in its
      # `definers`; `preresolved` (name => value) stand for the facts earlier calls resolved.
      def lazily(wanted, definers, preresolved)
        @wanted = wanted&.to_h { |name| [name, true] }
        @definers = definers || {}
        @preresolved = preresolved || {}
      end

      def preresolved?(name)
        @preresolved.key?(name)
      end

      def preresolved(name)
        @preresolved[name]
      end

      # Every custom fact resolved in this call or an earlier one, by its own value.
      def resolved_values
        out = @preresolved.dup
        @custom.each do |name, fact|
          out[name] = Marionette::CustomFacts.plain(fact.resolved_value) if fact.resolved?
        end
        out
      end

      # The lines of the facts this part owns (load errors: part 0's), and of those no part
      # resolves as its own (hidden by an external or core fact) but some resolve for another:
      # marionette keeps, for each fact, the lines of the first part that has any.
      def logs
        @logs.select do |_level, _text, order|
          @part.owns?(order, @groups[order]) || @unclaimed.include?(order)
        end
      end

      def log(level, message)
        fact = @resolving.last
        @logs << [level, message.to_s, fact ? fact.order : -1]
        nil
      end

      def load_file(file)
        return if @loaded[file]

        @loaded[file] = true
        @names_by_file[file] = []
        @loading.push(file)
        begin
          Kernel.load(file)
        ensure
          @loading.pop
        end
      rescue ScriptError => e
        log('err', "Error loading fact #{file}: #{e.message}")
      rescue StandardError => e
        log('err', "error while resolving custom facts in #{file} #{e.message}")
      end

      def resolving(fact)
        @resolving.push(fact)
        yield
      ensure
        @resolving.pop
      end

      def add(name, options, &block)
        if (file = @loading.last) && !@names_by_file[file].include?(name)
          @names_by_file[file] << name
        end
        fact = (@custom[name] ||= Fact.new(name, self, @custom.size))
        fact.add_resolution(options, &block)
        fact
      end

      # Facter.value: an external fact, else a custom fact that wins over the core fact of its
      # name (it has a weight) or has no core fact, else the core fact. A dotted name digs.
      def value(query)
        query = query.to_s.downcase
        load_definers(query)
        return top_value(query) if !query.include?('.') || known?(query)

        first, *rest = query.split('.')
        load_definers(first)
        rest.reduce(top_value(first)) { |value, step| dig(value, step) }
      end

      # A lazy call: the files that may define `name`, when no loaded file does.
      def load_definers(name)
        return if @custom.key?(name)

        @definers[name]&.each { |file| load_file(file) }
      end

      def fact(name)
        name = name.to_s.downcase
        load_definers(name)
        @custom[name] || (known?(name) ? NativeFact.new(name, self) : nil)
      end

      def known?(name)
        @custom.key?(name) || @core.key?(name) || @external.key?(name)
      end

      def top_value(name)
        return @external[name] if @external.key?(name)

        custom = @custom[name]
        if custom && (!@core.key?(name) || custom.weighted?)
          value = custom.value
          return value unless value.nil?
        end
        @core[name]
      end

      # The custom facts that count and this part owns: resolved to a value (or read from
      # facter.conf's cache within their ttl), not hidden by an external fact, and over a core
      # fact only with a weight (as in Facter 4).
      def custom_values(cache)
        out = {}
        wanted_groups = @wanted && @custom.keys.select { |name| @wanted.key?(name) }.map { |name| cache.group(name) }.compact
        @custom.to_a.each do |name, fact| # a lazy call may load a file meanwhile
          group = cache.group(name)
          @groups[fact.order] = group if group
          if @external.key?(name) || (@core.key?(name) && !fact.weighted?)
            @unclaimed << fact.order
            next
          end
          next unless @part.owns?(fact.order, group)
          next if @wanted && !@wanted.key?(name) && !(group && wanted_groups.include?(group))

          value = group ? cache.read(name, group) : nil
          value = fact.value if value.nil?
          cache.keep(name, group, value) if group
          out[name] = Marionette::CustomFacts.plain(value) unless value.nil?
        end
        cache.write
        out
      end

      def nested
        raise Facter::FactError, "custom facts nested more than #{MAX_NESTING} deep" if @nesting >= MAX_NESTING

        @nesting += 1
        yield
      ensure
        @nesting -= 1
      end

      private

      def dig(value, step)
        case value
        when Hash then value[step]
        when Array then step.match?(/\A\d+\z/) ? value[step.to_i] : nil
        end
      end
    end

    # What a fact's value becomes on its way to marionette: Facter's JSON-like values.
    def self.plain(value)
      case value
      when nil, true, false, Integer, Float, String then value
      when Symbol then value.to_s
      when Array then value.map { |item| plain(item) }
      when Hash then value.each_with_object({}) { |(k, v), out| out[k.to_s] = plain(v) }
      else value.to_s
      end
    end

    # A core or external fact seen through Facter.fact.
    class NativeFact
      attr_reader :name

      def initialize(name, collection)
        @name = name
        @collection = collection
      end

      def value
        @collection.value(@name)
      end
    end

    # A custom fact: its resolutions, tried by weight (then in order) until one gives a value.
    class Fact
      attr_reader :name

      attr_reader :order

      def initialize(name, collection, order)
        @name = name
        @collection = collection
        @order = order
        @resolutions = []
        @resolving = false
        @resolved = false
      end

      def add_resolution(options, &block)
        options ||= {}
        resolution = options[:name] && @resolutions.find { |r| r.name == options[:name].to_s }
        unless resolution
          resolution = Resolution.new(self, options[:name]&.to_s)
          @resolutions << resolution
        end
        resolution.has_weight(options[:weight]) if options[:weight]
        resolution.timeout = options[:timeout] if options[:timeout]
        begin
          resolution.instance_eval(&block) if block
        rescue ArgumentError => e
          raise Facter::FactError, "Unable to add resolve #{options[:name].inspect} for fact #{@name}: #{e.message}"
        end
        resolution
      end

      def weighted?
        @resolutions.any? { |r| r.explicit_weight.to_i.positive? }
      end

      def resolved?
        @resolved
      end

      def resolved_value
        @value
      end

      def value
        return @value if @resolved

        if @collection.preresolved?(@name)
          @resolved = true
          return @value = @collection.preresolved(@name)
        end
        return nil if @resolving # a fact that asks for itself gets nothing

        @resolving = true
        @value = @collection.nested { @collection.resolving(self) { first_value } }
        @resolved = true
        @value
      ensure
        @resolving = false
      end

      def resolution
        @resolutions.last
      end

      def log(level, message)
        @collection.log(level, message)
      end

      private

      def first_value
        ordered = @resolutions.each_with_index.sort_by { |r, i| [-r.weight, i] }.map(&:first)
        ordered.each do |resolution|
          next unless resolution.suitable?

          value = resolution.value
          return value unless value.nil?
        end
        nil
      end
    end

    # One way to resolve a fact: confines that must hold, a weight, and code or a command.
    class Resolution
      attr_reader :name, :explicit_weight
      attr_accessor :timeout

      def initialize(fact, name)
        @fact = fact
        @name = name
        @confines = []
        @explicit_weight = nil
        @code = nil
        @command = nil
      end

      def has_weight(weight) # rubocop:disable Naming/PredicateName -- Facter's DSL
        @explicit_weight = weight
        self
      end

      def weight
        @explicit_weight || @confines.length
      end

      def confine(confines = nil, &block)
        case confines
        when Hash
          confines.each do |fact, values|
            if values.nil? && !block
              raise ArgumentError, 'One or more values or a block must be provided'
            end

            @confines << Confine.new(fact, values.nil? ? [] : Array(values), block)
          end
        when nil
          @confines << Confine.new(nil, [], block) if block
        else
          raise ArgumentError, 'One or more values or a block must be provided' unless block

          @confines << Confine.new(confines, [], block)
        end
      end

      def setcode(command = nil, &block)
        if command
          @command = command.to_s
        elsif block
          @code = block
        else
          raise ArgumentError, 'You must pass either code or a block'
        end
      end

      def on_flush(&_block); end

      def suitable?
        @confines.all?(&:true?)
      end

      # Facter's limit: the resolution's timeout option, none when 0 or not given.
      def limit
        @timeout || 0
      end

      def value
        return resolve_value unless limit.is_a?(Numeric) && limit.positive?

        Timeout.timeout(limit) { resolve_value }
      rescue Timeout::Error
        @fact.log('err', "Timed out after #{limit} seconds while resolving #{qualified_name}")
        nil
      rescue Exception => e # rubocop:disable Lint/RescueException -- a fact never stops the run
        raise if e.is_a?(NoMemoryError)

        @fact.log('err', "Error while resolving custom fact #{qualified_name}: #{e.message}")
        nil
      end

      private

      def resolve_value
        if @command # a command's empty output is no value (a block's '' is one)
          output = Facter::Core::Execution.exec(@command)
          return output == '' ? nil : output
        end
        return nil unless @code

        @code.call
      end

      def qualified_name
        "fact='#{@fact.name}', resolution='#{@name || '<anonymous>'}'"
      end
    end

    # confine kernel: 'Linux' / ['a', 'b'] / /regexp/ / ->(v) { ... }, or a block.
    class Confine
      def initialize(fact, values, block)
        @fact = fact
        @values = values
        @block = block
      end

      def true?
        return !!@block.call if @fact.nil?

        value = Marionette::CustomFacts.collection.value(@fact)
        return false if value.nil?

        value = comparable(value)
        return !!@block.call(value) if @block

        @values.any? do |expected|
          expected.is_a?(Proc) ? !!expected.call(value) : comparable(expected) === value # rubocop:disable Style/CaseEquality
        end
      end

      private

      # Facter compares strings and symbols without regard to case.
      def comparable(value)
        case value
        when String then value.downcase
        when Symbol then value.to_s.downcase
        else value
        end
      end
    end
  end
end

module Facter
  class FactError < StandardError; end

  class << self
    def version
      '4.3.0'
    end

    def add(name, options = {}, &block)
      Marionette::CustomFacts.collection.add(name.to_s.downcase, options, &block)
    end

    def define_fact(name, options = {}, &block)
      fact = add(name, options)
      fact.instance_eval(&block) if block
      fact
    end

    def value(name)
      Marionette::CustomFacts.collection.value(name)
    end

    def fact(name)
      Marionette::CustomFacts.collection.fact(name)
    end
    alias [] fact

    def debug(message)
      Marionette::CustomFacts.collection.log('debug', message)
    end

    def debugonce(message)
      debug(message)
    end

    def warn(message)
      Marionette::CustomFacts.collection.log('warning', message)
    end

    def warnonce(message)
      warn(message)
    end

    def log_exception(exception, message = nil)
      text = message.is_a?(String) ? message : exception.message
      Marionette::CustomFacts.collection.log('err', text)
    end

    def clear; end
    def flush; end
    def reset; end
  end

  module Util
    # Facter 2's names, still used by many modules' facts.
    module Resolution
      def self.exec(command)
        Facter::Core::Execution.exec(command)
      end

      def self.which(binary)
        Facter::Core::Execution.which(binary)
      end
    end
  end
end
