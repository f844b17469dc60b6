class web {
  file { ensure => present }
}
