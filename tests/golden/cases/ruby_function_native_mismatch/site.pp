notify { 'x': message => rn::rules(['host all all 10.0.0.1/32 md5'], '', 1) }
