# stdlib::str2resource gives the resource itself (a Puppet::Resource), which prints unquoted.
user { 'alice': ensure => present }
$r = stdlib::str2resource('User[alice]')
notify { 'ref': message => "${r} ${[$r]}", require => $r }
