# No dispatch: Puppet's default dispatcher calls the method with its named arguments and any
# number more (`*others`), each of type Any.
Puppet::Functions.create_function(:'rn::rest') do
  def rest(first, *others)
    "#{first.class} #{first}: #{others.size} more (#{others.map { |o| o.class }.join(', ')})"
  end
end
