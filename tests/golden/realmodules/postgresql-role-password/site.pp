# real-module case postgresql-role-password (define with a password hashed in Ruby), from scripts/real-modules-cases.yaml
class { 'postgresql::globals': version => '15' }
class { 'postgresql::server': }
postgresql::server::role { 'app': password_hash => postgresql::postgresql_password('app', 'secret'), createdb => true }
postgresql::server::db { 'appdb': user => 'app', password => postgresql::postgresql_password('app', 'secret'), owner => 'app' }
