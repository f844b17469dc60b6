class profile::web {
  include profile::base
  notify { 'web': }
}
