module Puppet::Parser::Functions
  newfunction(:rt_old, :type => :rvalue, :doc => 'x') do |args|
    raise Puppet::ParseError, "rt_old(): needs 2 args, got #{args.size}" if args.size != 2
    "#{args[0].inspect}/#{args[1].inspect}/#{lookupvar('::osfamily')}/#{lookupvar('rt_local')}/" + function_rt_other(["a", nil])
  end
end
