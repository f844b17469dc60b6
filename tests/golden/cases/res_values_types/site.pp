notify { 'vals': message => { 'int' => 1, 'float' => 1.5, 'bool' => false, 'arr' => [1, [2]], 'undef' => undef, 'str' => 's', 'whole' => 2.0 } }
file { '/tmp/v': mode => 644 }
