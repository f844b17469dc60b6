notify { 'u': message => undef }
file { '/tmp/u': ensure => file, mode => undef, owner => 'root' }
