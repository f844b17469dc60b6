# An empty string is neither true nor false to Boolean().
notify { 'x': message => Boolean('') }
