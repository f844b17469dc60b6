notify { 'filter': message => [[1, 2, 3, 4].filter |$x| { $x % 2 == 0 }, { 'a' => 1, 'b' => 2 }.filter |$k, $v| { $v > 1 }, ['x', 'y'].filter |$i, $v| { $i == 0 }, [1, 2].filter |$x| { false }] }
