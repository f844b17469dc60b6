# Unlike class and define parameters, a lambda parameter type sees the variables around it.
$x = 5
[3, 5].each |Integer[0, $x] $v| { notify { "v ${v}": } }
$t = Float[1, 2.5]
notify { "${t}": }
