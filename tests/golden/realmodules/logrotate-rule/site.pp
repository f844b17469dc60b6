# real-module case logrotate-rule (define), from scripts/real-modules-cases.yaml
logrotate::rule { 'messages':
  path => '/var/log/messages', rotate => '5', rotate_every => 'week', postrotate => '/usr/bin/killall -HUP syslogd',
}
