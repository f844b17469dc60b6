# call(): a function named at run time, with the block given to call (Puppet 7.23).
function site_twice($x) { $x * 2 }
$function = 'upcase'
$a = call($function, 'abc')
$b = call('with', 1) |$x| { $x + 1 }
$c = call('site_twice', 21)
$d = call(Deferred('join', [['a', 'b'], '-']))
$e = call('map', [1, 2]) |$x| { $x * 10 }
$f = call('pick', undef, 'picked')
$g = call('stdlib::start_with', 'foobar', 'foo')
notify { 'call': message => [$a, $b, $c, $d, $e, $f, $g] }
