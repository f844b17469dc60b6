notify { 'pair': message => r3e_pair('a', 'b') }
notify { 'one short': message => r3e_pair('a') }
