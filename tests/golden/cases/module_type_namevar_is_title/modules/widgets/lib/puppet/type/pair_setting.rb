Puppet::Type.newtype(:pair_setting) do
  ensurable do
    defaultvalues
    defaultto :present
  end
  def self.title_patterns
    [
      [ /^([^\/]+)\/(.*)$/, [ [:section], [:key] ] ],
    ]
  end
  newparam(:section) do
    isnamevar
  end
  newparam(:key) do
    isnamevar
  end
  newparam(:name)
  newproperty(:value)
end
