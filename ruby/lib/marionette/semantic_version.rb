# frozen_string_literal: true

# SemanticPuppet::Version, the class Puppet's SemVer values are in Ruby, written for marionette
# (puppet_values.rb makes one of each SemVer that crosses).

module SemanticPuppet
  # SemVer('1.2.3-rc.1+b'): what Puppet's SemVer values are in Ruby.
  class Version
    include Comparable

    attr_reader :major, :minor, :patch, :prerelease, :build

    def self.parse(text)
      match = /\A(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?\z/.match(text.to_s)
      raise ArgumentError, "Unable to parse '#{text}' as a semantic version identifier" unless match

      new(match[1].to_i, match[2].to_i, match[3].to_i, match[4], match[5])
    end

    def self.from_wire(parameters)
      major, minor, patch, prerelease, build = parameters
      new(major, minor, patch, prerelease.to_s.empty? ? nil : prerelease, build.to_s.empty? ? nil : build)
    end

    def initialize(major, minor, patch, prerelease = nil, build = nil)
      @major = major
      @minor = minor
      @patch = patch
      @prerelease = prerelease
      @build = build
    end

    def to_s
      text = "#{@major}.#{@minor}.#{@patch}"
      text += "-#{@prerelease}" if @prerelease
      text += "+#{@build}" if @build
      text
    end
    alias inspect to_s

    # SemVer's precedence: numbers, then a release after its prereleases, then the prerelease's
    # identifiers one by one (numbers below words); the build is no part of it.
    def <=>(other)
      return nil unless other.is_a?(Version)

      order = [@major, @minor, @patch] <=> [other.major, other.minor, other.patch]
      return order unless order.zero?
      return 0 if @prerelease == other.prerelease
      return 1 if @prerelease.nil?
      return -1 if other.prerelease.nil?

      compare_prerelease(@prerelease.split('.'), other.prerelease.split('.'))
    end

    def ==(other)
      other.is_a?(Version) && (self <=> other).zero? && @build == other.build
    end
    alias eql? ==

    def hash
      to_s.hash
    end

    def wire_name
      '#SemVer'
    end

    def wire_parameters
      [@major, @minor, @patch, @prerelease.to_s, @build.to_s]
    end

    private

    def compare_prerelease(mine, theirs)
      mine.zip(theirs).each do |a, b|
        return 1 if b.nil?

        numeric_a = a.match?(/\A\d+\z/)
        numeric_b = b.match?(/\A\d+\z/)
        order = if numeric_a && numeric_b then a.to_i <=> b.to_i
                elsif numeric_a then -1
                elsif numeric_b then 1
                else a <=> b
                end
        return order unless order.zero?
      end
      mine.size <=> theirs.size
    end
  end
end
