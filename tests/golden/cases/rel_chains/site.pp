file { '/a': } -> file { '/b': } ~> service { 'svc': }
package { 'p': }
Package['p'] -> File['/a']
File['/b'] <- Notify['n']
notify { 'n': }
Service['svc'] <~ Exec['e']
exec { 'e': command => '/bin/true' }
