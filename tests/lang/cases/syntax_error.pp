class foo {
  file { '/tmp/x': ensure => }
}
