# A value a template is handed holds one Array twice: in Puppet it is one Ruby object, which
# to_yaml writes once with an alias and a change in place shows in both places.
$a = [1, 2]
$h = { 'x' => $a, 'y' => $a }
$list = [$h, [$a]]
notify { 'shared': message => template('t/shared.erb') }
