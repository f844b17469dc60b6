notify { 'r': message => [Integer('0xff', 16), Integer('11', 2), Integer('0b11', 2), Integer('017', 8), Integer('17', 10), Integer('017')] }
