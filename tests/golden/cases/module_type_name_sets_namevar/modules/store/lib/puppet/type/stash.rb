# A type whose namevar is `path` (as archive's): `name` is its other name.
Puppet::Type.newtype(:stash) do
  @doc = 'A stash.'
  ensurable
  newparam(:path, :namevar => true) do
    desc 'Where.'
  end
  newparam(:source)
end
