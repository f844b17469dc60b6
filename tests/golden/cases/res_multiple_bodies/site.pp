file {
  '/tmp/one': ensure => file;
  '/tmp/two': ensure => absent;
  default: mode => '0600';
}
