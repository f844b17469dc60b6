file { '/x': tag => 'a' }
File <| tag == 'a' |> { bogus => 2 }
