file { 'a': path => '/x' }
file { '/x': }
