# A resource expression's value is an array of references, one title or many; `each` returns its
# argument, `map` the lambdas' arrays; `$x = A -> B` assigns the relationship's value, B's.
$one = notify { 'one': }
$many = notify { ['a', 'b']: }
$each = [1, 2].each |$i| { notify { "e${i}": } }
$map = [1, 2].map |$i| { notify { "m${i}": } }
$with = with(1) |$i| { notify { 'w': } }
notify { 'values':
  message => "${one} | ${many} | ${each} | ${map} | ${with} | ${one =~ Array}",
}
notify { 'x': }
$chain = Notify['x'] -> notify { 'y': } -> notify { 'z': }
notify { 'chain': message => "${chain}" }
