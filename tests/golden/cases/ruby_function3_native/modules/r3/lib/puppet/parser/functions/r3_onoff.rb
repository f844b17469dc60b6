# On or Off for a Boolean-ish value, other values as text; `return` in the body, =~ on values
# that are no String, comparison with :undef.
Puppet::Parser::Functions::newfunction(:r3_onoff, :type => :rvalue, :doc => <<-EOS
Transforms a Boolean-ish value to On or Off.
EOS
) do |args|
  raise(Puppet::ParseError, "r3_onoff() wrong number of arguments. Given: #{args.size} for 1)") if args.size != 1

  arg = args[0]

  if arg.nil? or arg == false or arg =~ /false/i or arg == :undef
    return 'Off'
  elsif arg == true or arg =~ /true/i
    return 'On'
  end

  return arg.to_s
end
