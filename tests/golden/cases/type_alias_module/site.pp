
include mymod
notify { 'mod': message => [8 =~ Mymod::Small, 80 =~ Mymod::Small, Mymod::Small] }
