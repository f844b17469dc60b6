Puppet::Functions.create_function(:'rn::badret') do
  dispatch :badret do
    param 'Integer', :n
    return_type 'String'
  end

  def badret(n)
    n * 2
  end
end
