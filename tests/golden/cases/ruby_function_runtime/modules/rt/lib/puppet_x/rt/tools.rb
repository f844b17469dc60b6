require 'puppet/util/execution'
require 'puppet'

module PuppetX
  module Rt
    # A helper module Ruby loads with require 'puppet_x/...' from its own lib/.
    module Tools
      def self.shout(text)
        Puppet::Util::Execution.execute(['echo', text.upcase]).strip
      end
    end
  end
end
