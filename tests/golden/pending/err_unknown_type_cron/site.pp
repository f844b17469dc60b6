user { 'deploy': ensure => present, uid => 2000, gid => 'deploy', managehome => true, shell => '/bin/bash', groups => ['adm', 'sudo'] }
group { 'deploy': gid => 2000 }
cron { 'job': command => '/usr/bin/x', hour => 2, minute => [0, 30] }
host { 'db.local': ip => '10.0.0.5', host_aliases => ['db'] }
exec { 'mk': command => 'mkdir -p /x', creates => '/x', path => '/bin:/usr/bin', unless => 'test -d /x' }
