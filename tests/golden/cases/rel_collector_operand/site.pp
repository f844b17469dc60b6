package { ['p1', 'p2']: tag => 'pkgs' }
service { 'svc': }
Package <| tag == 'pkgs' |> -> Service['svc']
file { '/etc/f': }
File['/etc/f'] ~> Service <| |>
