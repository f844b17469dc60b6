# pick with nothing but undef and '' fails.
$a = undef
notify { 'x': message => pick($a, '') }
