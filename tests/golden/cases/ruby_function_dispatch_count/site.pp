# One dispatch takes two arguments, the other one: both are listed with why each refused.
notify { 'x': message => rt::greet(2.5, 1) }
