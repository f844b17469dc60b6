# An attribute's name is a name: a hyphenated bare word is a syntax error there.
notify { 'x': mess-age => 'hello' }
