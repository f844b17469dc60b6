class profile::base {
  $name = 'base'
  notify { 'base': }
}
