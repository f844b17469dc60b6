# real-module case rsync-module (define), from scripts/real-modules-cases.yaml
include rsync::server
rsync::server::module { 'repo': path => '/var/repo', require => File['/var/repo'] }
file { '/var/repo': ensure => directory }
