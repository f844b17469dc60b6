notify { 'x': message => lookup('x') }
notify { 'y': message => lookup('y', undef, undef, 'none') }
