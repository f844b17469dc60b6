notify { 'm': message => [max(1, 3, 2), min(1, 3, 2), max('a', 'B'), min('10', '9'), max(1.5, 2), [4, 2].max, [4, 2].min, max([5, 1]) |$a, $b| { compare($a, $b) }] }
