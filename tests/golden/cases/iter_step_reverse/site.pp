notify { 'step': message => [Integer[1, 10].step(3).map |$x| { $x }, [1, 2, 3, 4, 5].step(2).map |$x| { $x }, [1, 2, 3].reverse_each.map |$x| { $x }, Integer[3, 5].reverse_each.map |$x| { $x }] }
[1, 2, 3].reverse_each |$x| { notify { "rev-${x}": } }
