# A namevar written with the title's value is left out of the catalog, for every type.
file { '/f': path => '/f' }
exec { '/bin/true': command => '/bin/true' }
package { 'vim': name => 'vim' }
service { 'ssh': name => 'ssh' }
user { 'bob': name => 'bob' }
group { 'g': name => 'g' }
notify { 'n': name => 'n' }
stage { 's': name => 's' }
