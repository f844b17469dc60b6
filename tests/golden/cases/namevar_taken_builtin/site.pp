file { '/etc/a': path => '/etc/x' }
notify { 'a': name => 'x' }
notify { 'b': name => 'x' }
