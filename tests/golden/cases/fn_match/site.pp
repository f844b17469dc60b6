notify { 'm': message => [match('abc123', /([a-z]+)(\d+)/), match('xyz', /\d/), match(['a1', 'b'], /(\w)(\d)?/), 'key=val'.match(/(\w+)=(\w+)/), match('abc', 'b')] }
