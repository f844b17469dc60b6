# A parameter set by a default of another class has that class as its source: the declaring
# class may not override it (Puppet: "Parameter 'mode' is already set ... cannot redefine").
File { mode => '0644' }
class q {
  file { '/q': ensure => file }
  File['/q'] { mode => '0600' }
}
include q
