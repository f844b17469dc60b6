# heini-wait-for's type read without Ruby: refreshonly (made by its newcheck method) is a
# parameter, nosuch is not.
wait_for { 'logstash':
  query => 'cat /var/log/x', regex => 'started', refreshonly => true,
  nosuch => 1,
}
