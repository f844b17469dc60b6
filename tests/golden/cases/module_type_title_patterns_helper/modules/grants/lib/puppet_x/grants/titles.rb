# A module's own helper that builds title patterns for composite namevars, as openstacklib's
# and keystone's do: the patterns are computed, interpolating other regexes.
module PuppetX
  module Grants
    module Titles
      WORD = /[^:@]+/.freeze

      def self.split(first, second, separator = '::')
        [
          [/^(#{WORD})#{separator}(#{WORD})$/, [[first], [second]]],
          [/^(#{WORD})$/, [[first]]],
        ]
      end
    end
  end
end
