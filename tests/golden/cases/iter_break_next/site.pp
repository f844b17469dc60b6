$r = [1, 2, 3, 4].map |$x| { if $x == 2 { next(20) } $x }
$s = [1, 2, 3, 4].each |$x| { if $x == 3 { break() } notify { "b${x}": } }
$f = [1, 2, 3].reduce(0) |$m, $x| { if $x == 2 { next($m) } $m + $x }
notify { 'bn': message => [$r, $f] }
