Puppet::Parser::Functions.newfunction(:rt_other, :type => :rvalue) do |args|
  args.inspect
end
