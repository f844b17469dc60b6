notify { 's': message => [split('a,b,,c', ','), split('a1b22c', /\d+/), split('abc', ''), 'x y'.split(' '), join([1, 'a', [2]], '+'), join(['a']), [1, 2].join(', ')] }
