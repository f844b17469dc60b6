define app0::vhost (
  Integer $port,
  String $docroot,
  Enum['present', 'absent'] $ensure = 'present',
) {
  $mode = $port ? { 8000 => '0640', default => '0644' }
  file { "/etc/app0/sites/${title}.conf":
    ensure  => file,
    mode    => $mode,
    content => "server_name ${title}; listen ${port}; root ${docroot}; os ${facts['os']['family']}\n",
    require => File['/srv/app0'],
  }
  case $facts['os']['family'] {
    'Debian': { $log = "/var/log/app0/${title}.log" }
    default:  { $log = "/tmp/${title}.log" }
  }
  file { $log: ensure => file }
  notify { "vhost ${title}": message => upcase("${title}:${port}") }
}
