Puppet::Functions.create_function(:'rt::r') do
  def r
    call_function('each', [1]) { |x| raise Puppet::ParseError, "bad #{x}" }
  end
end
