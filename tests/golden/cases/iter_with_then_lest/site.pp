$w = with(1, 2) |$a, $b| { $a + $b }
$t = [10, 20][1].then |$x| { $x * 2 }
$u = [10, 20][5].then |$x| { $x * 2 }
$l = undef.lest || { 'fallback' }
$m = 'set'.lest || { 'fallback' }
$chain = { 'a' => { 'b' => 1 } }.dig('a', 'c').lest || { 'default' }
notify { 'wtl': message => [$w, $t, $u, $l, $m, $chain] }
