notify { 's': message => ['abc'.size, 'a-b-c'.split('-').reverse_each.convert_to(Array), 'hello'[1, 3], 'ab' + 'cd'] }
