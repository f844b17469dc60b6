notify { 'p': message => [1 + 2 * 3, (1 + 2) * 3, 10 - 4 - 3, 2 * 3 % 4, !false and false, 1 < 2 == true, -2 * -3] }
