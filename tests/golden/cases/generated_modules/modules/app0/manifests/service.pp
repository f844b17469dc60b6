class app0::service {
  service { 'app0': ensure => running, enable => true }
  exec { 'app0-reload': command => '/bin/true', refreshonly => true, subscribe => Service['app0'] }
}
