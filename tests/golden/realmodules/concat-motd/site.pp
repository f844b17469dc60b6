# real-module case concat-motd (README example), from scripts/real-modules-cases.yaml
concat { '/etc/motd':
  owner => 'root', group => 'root', mode => '0644',
}
concat::fragment { 'motd_header': target => '/etc/motd', content => "\nPuppet modules on this server:\n\n", order => '01' }
concat::fragment { 'motd_local': target => '/etc/motd', source => '/etc/motd.local', order => '15' }
