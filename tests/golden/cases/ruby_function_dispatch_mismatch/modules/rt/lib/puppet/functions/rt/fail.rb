Puppet::Functions.create_function(:'rt::fail') do
  def fail(x)
    raise ArgumentError, "bad value #{x}"
  end
end
