$t = [1, [2, [3]], { 'a' => 4, 'b' => [5] }]
$seen = $t.tree_each({ 'order' => 'breadth_first' }).map |$x| { $x }
notify { 'breadth': message => $seen }
notify { 'containers': message => $t.tree_each({ 'include_root' => false, 'include_values' => false }).map |$x| { $x } }
notify { 'arrays_only': message => $t.tree_each({ 'container_type' => Array }).map |$x| { $x[0] } }
$returned = { 'x' => 1, 'y' => { 'z' => 2 } }.tree_each |$path, $value| {
  notify { "path ${path}": message => $value }
}
notify { 'returned': message => $returned }
