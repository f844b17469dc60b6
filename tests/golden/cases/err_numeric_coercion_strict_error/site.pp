$ok = 2 * 3
notify { 'n': message => 4 + '0x10' }
