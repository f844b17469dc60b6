Puppet::Parser::Functions.newfunction(:mutr_append, :type => :rvalue) do |args|
  args[0] << 'from a 3.x function'
  args[0].size
end
