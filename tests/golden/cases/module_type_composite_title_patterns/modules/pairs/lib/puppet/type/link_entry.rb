# A composite namevar (name and link) with three title patterns, the first that matches wins.
Puppet::Type.newtype(:link_entry) do
  ensurable
  newparam(:name) do
    isnamevar
  end
  newparam(:link) do
    isnamevar
  end
  newproperty(:priority)
  def self.title_patterns
    [
      [%r{^([^:]+)$}, [[:name]]],
      [%r{^(.*):([a-z]:(/|\\).*)$}i, [[:name], [:link]]],
      [%r{^(.*):(.*)$}, [[:name], [:link]]],
    ]
  end
end
