notify { 'x': message => rt::greet(2.5) }
