# Ruby's Array#sort cannot order a number against a string.
notify { 'mixed': message => sort([3, 'a', 1]) }
