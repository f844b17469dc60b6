$x = [1]
notify { 'd': message => ["a${default}b", "${x[0]}", "${undef}c"] }
