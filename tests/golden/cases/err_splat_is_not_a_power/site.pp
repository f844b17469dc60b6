# There is no ** operator: 2**10 is 2 * *10, and *10 is [10].
notify { 'x': message => 2**10 }
