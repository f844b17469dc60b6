# `return` in a 3.x function's body returns from it, as from a method.
module Puppet::Parser::Functions
  newfunction(:rt_ret, :type => :rvalue, :arity => 1) do |args|
    return 'early' if args[0] == 1
    'late'
  end
end
