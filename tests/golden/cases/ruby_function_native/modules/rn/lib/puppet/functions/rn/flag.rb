# A function without a dispatch: the method named after it takes any arguments.
Puppet::Functions.create_function(:'rn::flag') do
  # @param arg a value
  def flag(arg)
    return 'Off' if arg.nil? || arg == false || arg =~ %r{false}i || arg == :undef
    return 'On' if arg == true || arg =~ %r{true}i
    arg.to_s
  end
end
