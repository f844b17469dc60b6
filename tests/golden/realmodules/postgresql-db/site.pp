# real-module case postgresql-db (define), from scripts/real-modules-cases.yaml
class { 'postgresql::globals': version => '15' }
class { 'postgresql::server': }
postgresql::server::db { 'mydatabasename': user => 'mydatabaseuser', password => postgresql::postgresql_password('mydatabaseuser', 'mypassword') }
