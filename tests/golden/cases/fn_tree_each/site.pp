$t = [1, [2, 3], { 'a' => 4 }]
$out = []
notify { 'te': message => [$t.tree_each.map |$v| { $v[0] }, $t.tree_each({ 'include_containers' => false }).map |$p, $v| { $v }] }
