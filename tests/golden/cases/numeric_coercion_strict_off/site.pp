notify { 'n': message => [4 + '0x10', '1.5' * 2, $undefined_but_off] }
