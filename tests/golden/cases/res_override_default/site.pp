# An override in the declaring scope may replace a value that came from a resource default
# (Puppet: the current value equals the scope's default), and `+>` appends to it.
File { mode => '0644', owner => 'root' }
Notify { message => 'default' }
file { '/x': ensure => file }
File['/x'] { mode => '0600' }
file { '/y': ensure => file }
File <| title == '/y' |> { owner => 'daemon' }
notify { 'n': }
Notify['n'] { message +> 'added' }
# An explicit value equal to the default may be replaced too.
notify { 'explicit_same': message => 'default' }
Notify['explicit_same'] { message => 'over' }
# A default declared after the resource does not apply to it; `+>` on nothing just sets.
notify { 'late_add': }
Notify { withpath => true }
Notify['late_add'] { withpath +> false }
notify { 'b': withpath => true }
Notify['b'] { withpath => undef }
class base {
  Exec { timeout => 10 }
  File { mode => '0600' }
  exec { 'e': command => '/bin/true' }
  file { '/b': ensure => file }
}
class sub inherits base {
  Exec['e'] { timeout => 20 }
  File['/b'] { mode +> '0700' }
}
include sub
class c {
  Notify { message => 'inner' }
  notify { 'in_class': }
  Notify['in_class'] { message => 'over2' }
}
include c
define wrap() {
  Notify { message => "in ${title}" }
  notify { "w ${title}": }
  Notify["w ${title}"] { message => 'replaced' }
}
wrap { 'one': }
