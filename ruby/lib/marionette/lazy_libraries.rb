# frozen_string_literal: true

# The standard libraries Puppet has loaded before any module's Ruby or template runs, and that
# module code uses without requiring them (Digest::MD5, JSON, Set, ERB, Time.parse, to_json),
# loaded when first used: a compile whose Ruby uses none of them does not pay for loading them
# (erb, json, digest, time and set took a third of the worker's start-up).
#
# Their constants autoload. The methods they add to Ruby's own classes are stubs here that load
# the library and call again; each stub sits in a module included where the library's own
# definition comes before it (in the class's own method table, or in a module included after
# it, as json includes its generator's), so that once loaded the library's method is the one
# called. Written for marionette.

autoload :Base64, 'base64'
autoload :CGI, 'cgi/util' # what ERB loads of cgi
autoload :Date, 'time' # time loads date
autoload :DateTime, 'time'
autoload :Digest, 'digest' # Digest::MD5, SHA1, SHA256... load through digest's const_missing
autoload :ERB, 'erb'
autoload :JSON, 'json'
autoload :OpenStruct, 'ostruct' # json loads it
autoload :Set, 'set'
autoload :SortedSet, 'set'
autoload :StringScanner, 'strscan' # erb loads it
# What templates (and functions) use without requiring them as well: IPAddr, `@hash.to_yaml`.
autoload :IPAddr, 'ipaddr'
autoload :Pathname, 'pathname'
autoload :Psych, 'yaml'
autoload :SecureRandom, 'securerandom'
autoload :YAML, 'yaml'

# RubyGems: Puppet runs with it loaded, and module code uses Gem::Version without a require
# (apache's bool2httpd at each call, stdlib's package_provider fact). RubyGems whole costs a
# worker ~40 ms of CPU, Version and Requirement ~2 ms: those two load alone, and any other use of
# Gem (a constant, a method) loads RubyGems whole, once, and is answered by it.
unless defined?(Gem)
  module Gem
    autoload :Version, 'rubygems/version'
    autoload :Requirement, 'rubygems/requirement'

    # Loads RubyGems whole, the first time only: whether it did now.
    def self.marionette_load_rubygems
      return false if @marionette_rubygems_loaded

      @marionette_rubygems_loaded = true
      require 'rubygems'
      true
    end

    def self.const_missing(name)
      marionette_load_rubygems && const_defined?(name, false) ? const_get(name, false) : super
    end

    def self.method_missing(name, *arguments, **options, &block)
      return super unless marionette_load_rubygems && respond_to?(name)

      public_send(name, *arguments, **options, &block)
    end

    def self.respond_to_missing?(name, include_private = false)
      marionette_load_rubygems ? respond_to?(name, include_private) : super
    end
  end
end

# to_yaml loads Psych, whose own Object#to_yaml then replaces this one.
class Object
  def to_yaml(*arguments, **options)
    require 'yaml'
    raise NotImplementedError, 'to_yaml: Psych did not load' if method(:to_yaml).source_location&.first == __FILE__

    to_yaml(*arguments, **options)
  end
end

module Marionette
  module LazyLibraries
    # Defines each of `names` in `stubs` as a method that requires `library` and calls the
    # method again, now the library's. `private` for what the library defines as a function.
    def self.stub(stubs, library, names, private: false)
      names.each do |name|
        stubs.define_method(name) do |*arguments, **options, &block|
          require library
          if Object.instance_method(:method).bind_call(self, name).owner == stubs
            raise NoMethodError.new("undefined method `#{name}' for #{inspect}", name)
          end

          __send__(name, *arguments, **options, &block)
        end
        stubs.send(:private, name) if private
      end
    end

    # Object#to_json (json includes its generator's methods in Object and the core classes
    # after this module) and digest's Digest().
    module ObjectMethods; end
    stub(ObjectMethods, 'json', %i[to_json])
    stub(ObjectMethods, 'digest', %i[Digest], private: true)
    Object.include(ObjectMethods)

    # json's Kernel#j, jj and JSON().
    module KernelMethods; end
    stub(KernelMethods, 'json', %i[j jj JSON], private: true)
    Kernel.include(KernelMethods)

    # json's Class#json_creatable?.
    module ClassMethods; end
    stub(ClassMethods, 'json', %i[json_creatable?])
    Class.include(ClassMethods)

    # time's Time.parse, Time.iso8601... and Time#iso8601..., date's Time#to_date...
    module TimeClassMethods; end
    stub(TimeClassMethods, 'time', %i[parse strptime rfc2822 rfc822 httpdate xmlschema iso8601 zone_offset])
    Time.extend(TimeClassMethods)

    module TimeMethods; end
    stub(TimeMethods, 'time', %i[rfc2822 rfc822 httpdate xmlschema iso8601 to_date to_datetime])
    Time.include(TimeMethods)

    # set's Enumerable#to_set.
    module EnumerableMethods; end
    stub(EnumerableMethods, 'set', %i[to_set])
    Enumerable.include(EnumerableMethods)
  end
end
