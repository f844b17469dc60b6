Puppet::Type.newtype(:anchor) do
  desc 'A resource that does nothing, for ordering (written for this test).'
  newparam :name do
    isnamevar
  end
end
