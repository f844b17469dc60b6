module Puppet::Parser::Functions
  newfunction(:rt_blocks3, :type => :rvalue) do |args|
    call_function('map', [args[0]]) { |x| x.upcase }
  end
end
