notify { 'z': message => [[1, 2, 3].map |$i, $v| { [$i, $v] }, [[1, 2], [3, 4]].map |$p| { $p[0] + $p[1] }] }
