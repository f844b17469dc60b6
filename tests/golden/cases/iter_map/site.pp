notify { 'map': message => [[1, 2, 3].map |$x| { $x * $x }, { 'a' => 1, 'b' => 2 }.map |$k, $v| { "${k}=${v}" }, [5, 6].map |$i, $v| { $i + $v }, { 'z' => 1 }.map |$e| { $e }] }
