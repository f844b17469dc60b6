# `name` on a module type whose namevar is another parameter sets that parameter (archive's
# examples/duplicate.pp): left out when it is the title, kept as the namevar otherwise.
stash { '/tmp/a': ensure => present, name => '/tmp/a', source => 'x' }
stash { 'b': ensure => present, name => '/tmp/b' }
notify { 'n': message => 'done', require => Stash['b'] }
