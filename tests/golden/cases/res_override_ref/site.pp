class base {
  file { '/tmp/o1': ensure => file, mode => '0600' }
  notify { 'n': message => 'orig' }
}
class child inherits base {
  File['/tmp/o1'] { mode => '0644', owner => 'root' }
  Notify['n'] { message => undef }
}
include child
