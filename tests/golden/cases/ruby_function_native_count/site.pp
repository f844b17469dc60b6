notify { 'x': message => rn::rules(1, 2) }
