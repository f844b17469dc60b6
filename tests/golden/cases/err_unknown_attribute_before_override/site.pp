# Puppet checks the attributes of built-in types before it reports overrides that found no
# resource: the unknown attribute on line 5 is the error, not the override on line 4.
notify { 'first': message => 'ok' }
Notify['missing'] { message => 'never' }
file { '/x': ensure => file, bogus => 1 }
