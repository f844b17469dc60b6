# real-module case inifile (Ruby type), from scripts/real-modules-cases.yaml
ini_setting { 's': ensure => present, path => '/etc/x.ini', section => 'main', setting => 'k', value => 'v' }
