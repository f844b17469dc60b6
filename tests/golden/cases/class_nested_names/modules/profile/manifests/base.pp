class profile::base {
  $label = 'base'
  notify { 'base': }
}
