notify { 'x': message => [lookup('missing'), lookup('found'), lookup('idx')] }
