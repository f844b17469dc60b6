$r = [1, 2].map |Integer $x| { "${x}" }
$s = { 'a' => 1 }.map |String $k, Integer $v| { "${k}${v}" }
$t = [3].map |Integer $x, $y = 'dflt'| { "${x}${y}" }
notify { 'lt': message => [$r, $s, $t] }
