file { 'config': path => '/etc/app.conf', ensure => file }
package { 'apache': name => 'apache2', ensure => installed }
exec { 'run': command => '/bin/true', path => ['/bin', '/usr/bin'] }
service { 'web': name => 'apache2', ensure => running, enable => true }
