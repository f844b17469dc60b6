notify { 'in': message => ['b' in 'abc', 'B' in 'abc', 2 in [1, 2, 3], 'x' in { 'x' => 1 }, 1 in { 'x' => 1 }, /b./ in 'abc', /^z/ in ['a', 'zz'], Integer in ['a', 3], 'A' in ['a']] }
