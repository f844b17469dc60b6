# Written as `puppet generate types` writes it, without the size property the .rb has:
# Puppet reads this one and refuses size.
Puppet::Resource::ResourceType3.new(
  'widget',
  [
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure')
  ],
  [
    Puppet::Resource::Param(Any, 'name', true),
    Puppet::Resource::Param(Any, 'color')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
