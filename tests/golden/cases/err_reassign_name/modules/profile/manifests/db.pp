class profile::db {
  include profile::base
  notify { 'db': message => $profile::base::name }
}
