# `Type (args)`: a space before the parenthesis still makes a call (postgresql's
# `Deferred ( 'f', [...] )`); only a `(` first on its line starts an expression of its own.
$n = Integer ('42')
$s = String (7)
$d = Deferred ( 'join', [['a', 'b'], '-'] )
notify { 'calls': message => [$n + 1, "${s}x", $d =~ Deferred] }
