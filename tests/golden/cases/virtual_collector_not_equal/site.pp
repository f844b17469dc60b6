# A collector's != compares the parameter's value itself (an array is not one of its elements;
# tag is the tag parameter, not the tags a resource has from its class).
class k {
  @notify { 'a': message => ['x', 'y'] }
  @notify { 'b': message => 'X' }
  @notify { 'c': tag => 'x' }
  @notify { 'd': }
  @notify { 'e': message => 'z' }
}
include k
Notify <| message != 'x' and tag != 'k' |>
Notify <| title != 'e' and tag != 'x' |> { withpath => true }
