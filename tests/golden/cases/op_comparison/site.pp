notify { 'num': message => [1 < 2, 2 <= 2, 3 > 4, 4 >= 4, 1 == 1.0, 1 != 2] }
notify { 'str': message => ['a' < 'b', 'B' > 'a', 'abc' == 'ABC', 'abc' != 'abd', 'a' <= 'A'] }
notify { 'mixed': message => [[1, 2] == [1, 2], { 'a' => 1 } == { 'a' => 1 }, [1] != [2], undef == undef] }
