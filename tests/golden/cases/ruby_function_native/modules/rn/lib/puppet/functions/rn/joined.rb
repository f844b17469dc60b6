# A call back into Puppet.
Puppet::Functions.create_function(:'rn::joined') do
  dispatch :joined do
    param 'Array', :items
  end

  def joined(items)
    call_function('join', items, '+') + '/' + call_function('upcase', 'x')
  end
end
