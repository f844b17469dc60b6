require 'puppet_x/rt/helper'
Puppet::Functions.create_function(:'rt::greet') do
  dispatch :greet do
    param 'String', :name
    optional_param 'Integer', :times
  end
  dispatch :greet_number do
    param 'Integer', :n
  end
  def greet(name, times = 1)
    PuppetX::Rt::Helper.shout("hello #{name}") * times
  end
  def greet_number(n)
    n * 2
  end
end
