# real-module case xinetd-service (define), from scripts/real-modules-cases.yaml
xinetd::service { 'tftp':
  port => '69', server => '/usr/sbin/in.tftpd', server_args => '-s /var/lib/tftp/',
  socket_type => 'dgram', protocol => 'udp', cps => '100 2', flags => 'IPv4', per_source => '11',
}
