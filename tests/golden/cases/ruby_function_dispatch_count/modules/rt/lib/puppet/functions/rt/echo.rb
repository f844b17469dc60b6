Puppet::Functions.create_function(:'rt::echo') do
  dispatch :echo do
    param 'Any', :v
  end
  def echo(v)
    v
  end
end
