module Puppet::Parser::Functions
  newfunction(:rt_helper3, :type => :rvalue) { |_args| 'helped' }
end
