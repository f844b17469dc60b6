file { '/tmp/c1': ensure => file, tag => 'web' }
file { '/tmp/c2': ensure => file }
File <| tag == 'web' |> { mode => '0700' }
File <| title == '/tmp/c2' or title == '/tmp/zzz' |> { owner => 'nobody' }
@package { 'vim': ensure => installed }
Package <| title == 'vim' |> { ensure => latest }
