# str2bool of a word it does not know.
notify { 'x': message => str2bool('maybe') }
