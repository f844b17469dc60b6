# to_yaml writes an array or a hash held twice once, then as an alias, as Psych writes one Ruby
# object met again: a variable used twice, a class parameter, an element read back, what `map`
# hands on, the empty ones too; `+` makes a new one, and two equal literals are two objects.
$a = [1, 2]
$h = { 'k' => 'v', 'j' => [1] }
$e = []
$eh = {}
class holder (Array $p = [3]) {
  notify { 'parameter': message => to_yaml([$p, $p]) }
}
include holder
notify { 'variables':
  message => to_yaml({
    'x'  => $a, 'y' => $a, 'h1' => $h, 'h2' => $h, 'l1' => [1, 2], 'l2' => [1, 2],
    'e1' => $e, 'e2' => $e, 'eh1' => $eh, 'eh2' => $eh, 'n' => [$a, $h, { 'deep' => $h['j'] }],
  }),
}
notify { 'new objects': message => to_yaml([$h, $h + {}, $a + [], [] + $a, $a]) }
notify { 'mapped': message => to_yaml([$a, $a].map |$x| { $x }) }
notify { 'nested': message => to_yaml([[$a, $a], { 'in' => $h }, $h]) }
