Puppet::Functions.create_function(:'rt::is_a') do
  def is_a(type, values)
    values.map { |v| "#{v.inspect}:#{type.instance?(v)}" }.join(' ')
  end
end
