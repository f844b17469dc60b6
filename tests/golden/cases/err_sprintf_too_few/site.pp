$x = 1

notify { 'n': message => sprintf('%s and %d', 'a') }
