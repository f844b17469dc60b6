notify { 'g': message => [[1, 2, 3, 4].group_by |$x| { $x % 2 }, { 'a' => 1, 'b' => 2 }.group_by |$k, $v| { $v > 1 }, [1, 2, 3, 4].partition |$x| { $x > 2 }] }
