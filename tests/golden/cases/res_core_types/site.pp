user { 'deploy': ensure => present, uid => 2000, gid => 'deploy', managehome => true, shell => '/bin/bash', groups => ['adm', 'sudo'] }
group { 'deploy': gid => 2000 }
exec { 'mk': command => 'mkdir -p /x', creates => '/x', path => '/bin:/usr/bin', unless => 'test -d /x' }
