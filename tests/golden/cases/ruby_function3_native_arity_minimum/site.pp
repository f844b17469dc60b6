notify { 'three': message => r3e_some('a', 'b', 'c') }
notify { 'one': message => r3e_some('a') }
