file { '/tmp/a': }
file { '/tmp/b': require => File['/tmp/a'] }
file { '/tmp/c': require => [File['/tmp/a'], File['/tmp/b']], subscribe => File['/tmp/a'] }
notify { 'n': before => File['/tmp/a'], notify => [File['/tmp/b']] }
