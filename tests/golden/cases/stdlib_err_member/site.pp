# member needs an array.
notify { 'x': message => member('abc', 'b') }
