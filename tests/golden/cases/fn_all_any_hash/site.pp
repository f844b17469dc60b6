notify { 'a': message => [{ 'a' => 1, 'b' => 2 }.all |$k, $v| { $v > 0 }, { 'a' => 1 }.any |$pair| { $pair[0] == 'a' }] }
