notify { 'x': message => rn::badret(2) }
