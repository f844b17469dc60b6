# :arity => -3: two arguments at least.
Puppet::Parser::Functions.newfunction(:r3e_some, :type => :rvalue, :arity => -3) do |args|
  args.join(',')
end
