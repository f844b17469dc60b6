# What the native subset refuses (a constant of the function's class, an optional parameter):
# the function is Ruby's, whole.
Puppet::Functions.create_function(:'rn::refused') do
  SUFFIX = '!'.freeze

  dispatch :refused do
    param 'String', :text
    optional_param 'Integer', :times
  end

  def refused(text, times = 2)
    (text + SUFFIX) * times
  end
end
