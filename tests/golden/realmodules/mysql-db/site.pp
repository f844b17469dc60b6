# real-module case mysql-db (define), from scripts/real-modules-cases.yaml
include mysql::server
mysql::db { 'mydb': user => 'myuser', password => 'mypass', host => 'localhost', grant => ['SELECT', 'UPDATE'] }
