# values_at beyond the array.
notify { 'x': message => values_at(['a', 'b'], 5) }
