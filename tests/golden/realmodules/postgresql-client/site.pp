# real-module case postgresql-client (class), from scripts/real-modules-cases.yaml
class { 'postgresql::globals': version => '15' }
include postgresql::client
