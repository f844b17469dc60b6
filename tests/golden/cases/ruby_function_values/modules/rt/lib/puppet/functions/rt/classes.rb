Puppet::Functions.create_function(:'rt::classes') do
  dispatch :classes do
    param 'Any', :v
  end
  def classes(v)
    v.class.to_s + (v.is_a?(Array) ? v.map { |x| x.class.to_s }.join(',') : '')
  end
end
