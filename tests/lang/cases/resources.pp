file { '/tmp/a':
  ensure => file,
  mode   => '0644',
}
@@host { ['a', 'b']: ip => '10.0.0.1' }
File { owner => root }
File['/tmp/a'] { group +> wheel }
User <| title == 'x' |> { shell => '/bin/sh' }
Package['a'] -> Service['b'] ~> Exec['c']
