# optional_param and repeated_param: the method takes a default and `*rest` for them.
Puppet::Functions.create_function(:'rn::opt') do
  dispatch :opt do
    param 'String', :a
    optional_param 'Integer', :b
    repeated_param 'String', :rest
  end

  def opt(a, b = a.size * 10, *rest)
    "#{a} #{b} [#{rest.join('+')}]"
  end
end
