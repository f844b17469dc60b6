class base {
  file { '/tmp/p': require => File['/tmp/r1'] }
  file { ['/tmp/r1', '/tmp/r2']: }
}
class child inherits base {
  File['/tmp/p'] { require +> File['/tmp/r2'] }
}
include child
