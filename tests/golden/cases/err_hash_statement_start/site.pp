['a', 'b'].each |$x| { notify { "arr-${x}": } }
['a', 'b'].each |$i, $x| { notify { "idx-${i}-${x}": } }
{ 'k1' => 'v1', 'k2' => 'v2' }.each |$k, $v| { notify { "hash-${k}": message => $v } }
{ 'p' => 1 }.each |$pair| { notify { "pair-${pair[0]}": message => $pair[1] } }
$r = [1, 2].each |$x| { $x * 10 }
notify { 'ret': message => $r }
