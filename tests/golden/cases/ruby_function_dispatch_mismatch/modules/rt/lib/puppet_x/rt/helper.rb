module PuppetX
  module Rt
    module Helper
      def self.shout(s)
        s.upcase
      end
    end
  end
end
