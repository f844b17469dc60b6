# A `]` forgotten: `require => ...` is then a hash pair inside the access, which Puppet's
# grammar takes; the error is at the `}` that ends the resource before the access is closed.
exec { 'a': command => '/bin/true' }
exec { 'b':
  command => '/bin/true',
  before  => Exec['a',
  require => Exec['a'],
}
