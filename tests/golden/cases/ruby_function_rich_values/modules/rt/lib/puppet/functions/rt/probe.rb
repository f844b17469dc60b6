Puppet::Functions.create_function(:'rt::probe') do
  def probe(v)
    r = [v.class.to_s]
    r << v.unwrap.inspect if v.respond_to?(:unwrap)
    r << v.to_s
    r << v.binary_buffer.inspect if v.respond_to?(:binary_buffer)
    r << v.nsecs.to_s if v.respond_to?(:nsecs)
    r << v.instance?(3).to_s if v.respond_to?(:instance?)
    r << v.type_name.to_s if v.respond_to?(:type_name)
    r << v.title.to_s if v.respond_to?(:title)
    r.join(' | ')
  end
end
