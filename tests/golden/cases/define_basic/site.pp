define site::vhost(String $docroot, Integer $port = 80, $ensure = present) {
  file { "/etc/vhosts/${title}.conf": content => "${docroot}:${port}", ensure => $ensure }
  notify { "vhost-${name}": }
}
site::vhost { 'a.example': docroot => '/var/www/a' }
site::vhost { 'b.example': docroot => '/var/www/b', port => 8080 }
