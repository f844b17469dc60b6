# Modulo takes integers only.
notify { 'x': message => 7.0 % 2 }
