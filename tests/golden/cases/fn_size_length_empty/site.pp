notify { 's': message => [size([1, 2]), size({ 'a' => 1 }), size('abc'), length(''), length([]), empty(undef), empty({}), empty('x'), empty([1]), empty(0)] }
