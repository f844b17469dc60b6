notify { 'r': message => [range(1, 5), range('a', 'e'), range(0, 10, 3), range('host01', 'host03'), range(5, 1)] }
