# '08' is no number: Ruby's Integer() reads a leading zero as octal.
notify { 'x': message => '08' + 0 }
