class base {
  file { '/srv/base': mode => '0644' }
  ['/srv/a', '/srv/b'].each |$p| { file { $p: mode => '0644' } }
}
class sub inherits base {
  File['/srv/base'] { mode => '0600', owner => 'root' }
  File['/srv/a', '/srv/b'] { mode => '0640' }
  File['/srv/late'] { group => 'adm' }
  file { '/srv/late': ensure => directory }
}
define d() {
  file { "/srv/d-${title}": }
  if $title == 'two' { File['/srv/d-one'] { mode => '0600' } }
}
include sub
d { 'one': }
d { 'two': }
Notify['n'] { message => 'later' }
notify { 'n': }
