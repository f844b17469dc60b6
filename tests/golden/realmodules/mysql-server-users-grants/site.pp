# real-module case mysql-server-users-grants (main class with users and grants (mysql::password, mysql::strip_hash)), from scripts/real-modules-cases.yaml
class { 'mysql::server':
  root_password => 'rootpw',
  users  => { 'app@localhost' => { ensure => present, password_hash => mysql::password('apppw') } },
  grants => { 'app@localhost/appdb.*' => { ensure => present, options => ['GRANT'], privileges => ['SELECT', 'INSERT'], table => 'appdb.*', user => 'app@localhost' } },
  databases => { 'appdb' => { ensure => present, charset => 'utf8' } },
}
