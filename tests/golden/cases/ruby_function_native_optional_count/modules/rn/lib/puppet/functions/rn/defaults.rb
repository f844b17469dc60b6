# No dispatch: Puppet's default dispatcher takes one to three arguments; the defaults see the
# parameters before them.
Puppet::Functions.create_function(:'rn::defaults') do
  def defaults(a, b = "#{a}!", c = [a, b].join('/'))
    [a, b, c]
  end
end
