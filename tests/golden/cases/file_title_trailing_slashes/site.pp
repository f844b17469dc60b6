# A file title with trailing slashes: its path is the title without them, and references find it by either.
file { '/opt/a/': ensure => directory }
file { '/opt/b': ensure => directory }
notify { 'n': require => [File['/opt/a'], File['/opt/b/']] }
notify { "d ${defined(File['/opt/a'])} ${defined(File['/opt/a//'])} ${defined(File['/opt/b/'])}": }
File['/opt/b/'] -> Notify['n']
