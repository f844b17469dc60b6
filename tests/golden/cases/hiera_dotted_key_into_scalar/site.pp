notify { 'x': message => lookup('first.other.x') }
