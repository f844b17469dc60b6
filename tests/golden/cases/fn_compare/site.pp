notify { 'c': message => [compare(1, 2), compare(2, 1), compare(1, 1), compare('a', 'B'), compare('a', 'B', false), compare('b', 'a', true)] }
