File { mode => '0640', owner => 'root' }
Notify { message => 'default msg' }
file { '/tmp/d1': ensure => file }
file { '/tmp/d2': ensure => file, mode => '0600' }
notify { 'n1': }
class inner {
  File { group => 'wheel' }
  file { '/tmp/d3': }
}
include inner
