# A keyword alone in `${}`, or before `[` or `.`, names a variable (stdlib's ip.pp: `${in}`).
$in = 'inside'
$unless = ['u']
$node = { 'k' => 'v' }
notify { 'keywords': message => "${in} ${unless[0]} ${node['k']} ${node.keys}" }
