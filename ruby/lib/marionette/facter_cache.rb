# frozen_string_literal: true

# facter.conf's ttls for custom facts, written for marionette (not Facter's code), with Facter
# 4.3's behaviour: `facts.ttls` names facts or `fact-groups` groups with a duration ("30 days",
# "1 hour", a bare number in milliseconds); a custom fact in one (its name, or a dotted name
# under it) is read from its group's cache file while the file is younger than the ttl, else
# resolved and written there. A cache file is JSON, the group's facts and
# "cache_format_version": 1, named after the group; a cached false or null is resolved again,
# as Facter does. marionette chooses where the file and the directory are (core/facts).

require 'fileutils'
require 'json'

module Marionette
  module CustomFacts
    class FactCache
      SECONDS = {
        'ns' => 1e-9, 'nanos' => 1e-9, 'nanoseconds' => 1e-9,
        'us' => 1e-6, 'micros' => 1e-6, 'microseconds' => 1e-6,
        '' => 1e-3, 'ms' => 1e-3, 'milis' => 1e-3, 'milliseconds' => 1e-3,
        's' => 1, 'seconds' => 1, 'm' => 60, 'minutes' => 60, 'h' => 3600, 'hours' => 3600,
        'd' => 86_400, 'days' => 86_400
      }.freeze

      def initialize(conf_path, dir, collection)
        @dir = dir
        @collection = collection
        @ttls = {} # fact name => [seconds, group]
        @data = {} # group => its cache file's facts, or nil
        @fresh = {} # group => whether its file is younger than its ttl
        @kept = {} # group => { fact => value } to write
        read_conf(conf_path) if dir && conf_path && File.file?(conf_path)
      end

      # The cached group `name` belongs to, or nil.
      def group(name)
        return nil if @ttls.empty?

        found = @ttls[name] || @ttls.find { |fact, _| name.start_with?("#{fact}.") }&.last
        found&.last
      end

      # The cached value, or nil when there is none within the ttl (resolve it then).
      def read(name, group)
        return nil unless fresh?(group)

        data = (@data[group] ||= parse(File.join(@dir, group)))
        return nil unless data.is_a?(Hash) && data['cache_format_version'] == 1

        data[name] || nil
      end

      def keep(name, group, value)
        (@kept[group] ||= {})[name] = Marionette::CustomFacts.plain(value)
      end

      # Writes each group whose file is missing, expired or lacks one of its facts.
      def write
        @kept.each do |group, facts|
          file = File.join(@dir, group)
          next if fresh?(group) && (facts.keys - Hash(@data[group] ||= parse(file)).keys).empty?

          # A lazy call resolves part of a group: the file's other facts stay while it is fresh.
          facts = Hash(@data[group]).reject { |name, _| name == 'cache_format_version' }.merge(facts) if fresh?(group)

          FileUtils.mkdir_p(@dir)
          temporary = "#{file}.#{Process.pid}"
          File.write(temporary, JSON.pretty_generate(facts.merge('cache_format_version' => 1)))
          File.rename(temporary, file)
        rescue SystemCallError => e
          @collection.log('warning', "Could not write cache: #{e.message}")
        end
      end

      private

      def fresh?(group)
        return @fresh[group] if @fresh.key?(group)

        seconds = @ttls.values.find { |_, g| g == group }&.first
        mtime = begin
          File.mtime(File.join(@dir, group))
        rescue SystemCallError
          nil
        end
        @fresh[group] = !!(seconds && mtime && mtime + seconds > Time.now)
      end

      def parse(file)
        JSON.parse(File.read(file))
      rescue SystemCallError, JSON::ParserError
        nil
      end

      def read_conf(path)
        require_hocon
        conf = Hocon.load(path)
        groups = conf['fact-groups'] || {}
        Array(conf.dig('facts', 'ttls')).each do |entry|
          entry.each do |name, duration|
            seconds = to_seconds(duration.to_s)
            next unless seconds

            Array(groups[name] || [name]).each do |fact|
              known = @ttls[fact]
              @ttls[fact] = [seconds, name] if known.nil? || known.first < seconds
            end
          end
        end
      rescue LoadError, StandardError => e
        @collection.log('warning', "Facter failed to read config file #{path} with the following error: #{e.message}")
        @ttls = {}
      end

      # Debian's ruby-hocon is a gem (rubygems-integration): RubyGems is loaded only for it.
      def require_hocon
        require 'hocon'
      rescue LoadError
        require 'rubygems'
        gem 'hocon'
        require 'hocon'
      end

      def to_seconds(text)
        amount, unit = text.split(' ', 2)
        unit = unit.to_s
        unit += 's' if unit.length > 2 && !unit.end_with?('s')
        factor = SECONDS[unit]
        unless factor
          @collection.log('err', "Could not parse time unit #{unit} (try #{SECONDS.keys.reject(&:empty?).join(', ')})")
          return nil
        end
        (amount.to_i * factor).to_i
      end
    end
  end
end
