Puppet::Functions.create_function(:'rt::badret') do
  dispatch :bad_impl do
    param 'Any', :x
    return_type 'String'
  end
  def bad_impl(x)
    Puppet.warning("careful #{x}")
    Puppet.notice("noted")
    x
  end
end
