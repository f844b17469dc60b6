# As above with a resource in the body: a resource is a statement, not a title, so the error
# is at the inner resource's `{`.
!defined(File['/tmp/x']) {
  file { '/tmp/x':
    ensure => file,
  }
}
