# A module type registered with Puppet::ResourceApi (firewall 8, mysql_login_path): its
# attributes, its namevars and its title patterns' named groups, as for a Puppet::Type type.
keyring_entry { 'db@alice': ensure => present, secret => Sensitive('s3cret') }
keyring_entry { 'api': secret => Sensitive('k') }
keyring_entry { 'other': name => 'web', owner => 'bob' }
notify { 'after': require => [Keyring_entry['db@alice'], Keyring_entry['api']] }
