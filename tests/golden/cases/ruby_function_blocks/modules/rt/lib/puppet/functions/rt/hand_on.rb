# Hands the Puppet block it was given on to a Puppet function.
Puppet::Functions.create_function(:'rt::hand_on') do
  dispatch :hand_on do
    param 'Array', :values
    block_param
  end
  def hand_on(values, &block)
    call_function('map', values, &block)
  end
end
