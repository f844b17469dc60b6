# A repeated parameter's type is checked for each argument it takes.
notify { 'rest': message => rn::opt('x', 1, 'p', 2) }
