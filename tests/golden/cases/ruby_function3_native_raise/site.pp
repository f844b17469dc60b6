notify { 'fine': message => r3e_lines(['a b c']) }
notify { 'short': message => r3e_lines(['a b c', 'd e']) }
