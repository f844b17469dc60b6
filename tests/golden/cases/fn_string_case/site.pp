notify { 's': message => [upcase('aBc'), downcase('AbC'), capitalize('hello world'), camelcase('foo_bar'), upcase(['a', 'b']), 'x'.upcase] }
