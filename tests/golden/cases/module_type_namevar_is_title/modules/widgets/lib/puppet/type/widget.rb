# A small type for tests.
Puppet::Type.newtype(:widget) do
  @doc = 'A widget.'
  ensurable
  newparam(:name, :namevar => true) do
    desc 'The name.'
  end
  newproperty(:size) do
    desc 'How big.'
  end
  newparam(:color)
end
