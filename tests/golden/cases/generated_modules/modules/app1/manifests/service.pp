class app1::service {
  service { 'app1': ensure => running, enable => true }
  exec { 'app1-reload': command => '/bin/true', refreshonly => true, subscribe => Service['app1'] }
}
