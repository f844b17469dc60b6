$a = assert_type(String[1], 'ok')
$b = assert_type(Integer, 'x') |$expected, $actual| { "mismatch ${expected} ${actual}" }
notify { 'a': message => [$a, $b] }
