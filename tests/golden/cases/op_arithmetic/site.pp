notify { 'int': message => [1 + 2, 10 - 3, 4 * 5, 20 / 3, -7 / 2, 20 % 3, -7 % 3, 7 % -3] }
notify { 'float': message => [1.5 + 1, 10.0 / 4, 2 * 0.5, 1e3 + 1, 0.1 + 0.2, 3.0 - 1] }
notify { 'radix': message => [0x1F + 0, 017 + 0, 0xff * 2] }
notify { 'unary': message => [-(3), - -4, -(1.5)] }
