['a', 'b'].each |$x| { notify { "arr-${x}": } }
['a', 'b'].each |$i, $x| { notify { "idx-${i}-${x}": } }
$kv = { 'k1' => 'v1', 'k2' => 'v2' }
$kv.each |$k, $v| { notify { "hash-${k}": message => $v } }
$p1 = { 'p' => 1 }
$p1.each |$pair| { notify { "pair-${pair[0]}": message => $pair[1] } }
$r = [1, 2].each |$x| { $x * 10 }
notify { 'ret': message => $r }
