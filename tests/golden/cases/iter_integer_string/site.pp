notify { 'int': message => [3.map |$x| { $x }, Integer[2, 4].map |$x| { $x * 2 }, 'abc'.map |$c| { $c.upcase }] }
5.each |$x| { if $x > 3 { notify { "n${x}": } } }
