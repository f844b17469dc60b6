# Title patterns made by a class method of the type itself, with a conversion that is the
# identity, and a namevar beside `name`.
Puppet::Type.newtype(:db_user) do
  newparam(:name) do
    isnamevar
  end

  newparam(:host) do
    isnamevar
    defaultto 'localhost'
  end

  newproperty(:password_hash)

  def self.split_on(separator)
    identity = ->(value) { value }
    [
      [/\A([^#{separator}]+)#{separator}(.+)\z/m, [[:name, identity], [:host, identity]]],
      [/\A(.+)\z/m, [[:name, identity]]],
    ]
  end

  def self.title_patterns
    split_on('@')
  end
end
