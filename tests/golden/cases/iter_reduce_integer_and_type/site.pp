$a = 3.reduce |$m, $v| { $m + $v }
$b = 3.reduce(10) |$m, $v| { $m + $v }
$c = Integer[1, 3].reduce |$m, $v| { "${m}-${v}" }
$d = Integer[1, 3].reduce(10) |$m, $v| { $m + $v }
$e = "abc".reduce |$m, $v| { "${v}${m}" }
notify { "reduce": message => "${a} ${b} ${c} ${d} ${e}" }
