Puppet::Functions.create_function(:'rt::callback') do
  dispatch :cb do
    param 'Array', :v
    block_param
  end
  def cb(v, &block)
    [call_function('join', v, '-'), call_function('rt::twice', 4), v.map { |x| yield(x) }]
  end
end
