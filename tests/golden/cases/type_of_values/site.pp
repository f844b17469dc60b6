notify { 't': message => [type(1), type('ab'), type([1, 'a']), type({ 'a' => 1 }), type(1.5), type(true), type(undef), type(/x/), type(Integer), type(File['/a']), type([]), type({})] }
