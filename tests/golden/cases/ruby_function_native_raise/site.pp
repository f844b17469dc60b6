notify { 'x': message => rn::rules(['host all all'], 'web', 1) }
