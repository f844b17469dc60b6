# Puppet's catalog does not repeat the title as the namevar: a `name` (a file's `path`, an exec's
# `command`) equal to the title is left out; a different one stays; Class[main]'s stays.
define d($x = 1) { }
d { 'u': }
exec { '/bin/true': command => '/bin/true' }
user { 'bob': name => 'bob' }
service { 'ntp': name => 'ntp', ensure => running }
service { 'svc': name => 'svc2' }
file { '/tmp/a': path => '/tmp/a' }
package { 'P': name => 'p' }
notify { 'm': message => 'm', name => 'm' }
