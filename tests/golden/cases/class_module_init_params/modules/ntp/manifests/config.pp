class ntp::config {
  file { '/etc/ntp.conf': content => join($ntp::servers, "\n"), mode => '0644' }
  notify { 'enabled': message => $ntp::enable }
}
