# frozen_string_literal: true

# The few pieces of Puppet that modules' custom facts reach for, written for marionette: the
# default providers of service and package as marionette's own resource types choose them
# (stdlib's service_provider and package_provider facts), Puppet::Util::Package.versioncmp,
# and Puppet's settings, which custom facts do not see in marionette (Puppet[:vardir] is nil,
# so stdlib's puppet_vardir, puppet_environmentpath and puppet_server facts have no value).
# `require 'puppet/type'` and its kind find this file (ruby/lib/puppet/...), never Puppet's.

module Puppet
  unless respond_to?(:[])
    def self.[](_setting)
      nil
    end
  end

  class Type
    # A resource of a type, as far as a fact looks at it: its provider.
    class Instance
      def initialize(provider)
        @provider = provider
      end

      def [](attribute)
        attribute.to_sym == :provider ? @provider : nil
      end
    end

    # The providers marionette's service and package types choose when none is given
    # (core/ral: default_service_provider, package_type.cpp).
    DEFAULT_PROVIDERS = {
      service: lambda do
        if File.directory?('/run/systemd/system') then :systemd
        elsif File.exist?('/etc/debian_version') then :debian
        else :systemd
        end
      end,
      package: -> { :apt }
    }.freeze

    def self.type(name)
      provider = DEFAULT_PROVIDERS[name.to_sym]
      raise NameError, "Puppet::Type.type(#{name.inspect}) is not available to custom facts in marionette" unless provider

      TypeHandle.new(name.to_sym, provider)
    end

    # What Puppet::Type.type(:service) answers: newservice(...) and friends.
    class TypeHandle
      def initialize(name, provider)
        @name = name
        @provider = provider
      end

      def new(_attributes = {})
        Instance.new(@provider.call)
      end

      def method_missing(method, *arguments, &block)
        return new(*arguments) if method.to_s == "new#{@name}"

        super
      end

      def respond_to_missing?(method, include_private = false)
        method.to_s == "new#{@name}" || super
      end
    end
  end

  module Util
    module Package
      SEGMENT = /[-.]|\d+|[^-.\d]+/.freeze

      # Puppet's versioncmp, as marionette's versioncmp() computes it: segments of digits,
      # non-digits and separators compared in turn; -1, 0 or 1.
      def self.versioncmp(version_a, version_b)
        a = version_a.to_s
        b = version_b.to_s
        a.scan(SEGMENT).zip(b.scan(SEGMENT)).each do |x, y|
          break if y.nil?
          next if x == y
          return -1 if x == '-'
          return 1 if y == '-'
          return -1 if x == '.'
          return 1 if y == '.'

          if x.match?(/\A\d+\z/) && y.match?(/\A\d+\z/) && !x.start_with?('0') && !y.start_with?('0')
            return x.to_i <=> y.to_i
          end

          return x.upcase <=> y.upcase
        end
        a <=> b
      end
    end
  end
end
