# Array(value, wrap) as Puppet 7.23: iterables item by item (a string's characters, an integer's
# 0..n-1, an Integer range, an Enum, a hash's pairs), wrap for anything else; iteration by the
# same elements (characters, not bytes; an Enum's values); and the splat (unfold) operator:
# undef is nothing, a hash its pairs, a scalar an array of itself.
$values = {
  'chars' => Array('abc'), 'wrapped' => Array('abc', true), 'times' => Array(3), 'undef_wrapped' => Array(undef, true),
  'empty_string' => Array(''), 'zero' => Array(0), 'range' => Array(Integer[1, 3]), 'utf8' => Array('éa'),
  'bool_wrapped' => Array(true, true), 'array_wrapped' => Array([1], true), 'hash_wrapped' => Array({a => 1}, true),
  'enum' => Array(Enum['x', 'y']), 'hash' => Array({a => 1, b => 2}),
  'map_utf8' => 'éa'.map |$c| { $c }, 'map_enum' => Enum['x', 'y'].map |$c| { $c },
  'splat_scalar' => *10, 'splat_undef' => [*undef, 1], 'splat_hash' => [0, *{a => 1}], 'splat_array' => [*[1, 2], 3],
}
$values.each |$name, $value| { notify { $name: message => String($value, '%p') } }
