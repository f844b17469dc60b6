# A relationship's collector relates what its passes collected, in that order: a resource that a
# collector's override tags on the way comes after those tagged when they were declared.
class x { notify { 'in_x': } }
notify { 'a': tag => 'x' }
notify { 'b': }
@notify { 'v1': }
notify { 'c': tag => 'x' }
@notify { 'v2': tag => 'x' }
Exec['e'] ~> Notify <| tag == 'x' |>
Notify <| title == 'b' |> { tag => 'x' }
include x
Notify <| title == 'v1' |> { tag => ['x', 'y'] }
exec { 'e': command => '/bin/true' }
notify { 'd': }
Notify <| title == 'd' |> { tag => 'x' }
