$family = $facts['os']['family']
$a = $family ? { 'RedHat' => 'rh', /^(D)ebian$/ => "deb-${1}", default => 'other' }
$b = 7 ? { Integer[0, 5] => 'small', Integer => 'int', default => 'x' }
$c = 'Foo' ? { 'foo' => 'ci-match', default => 'none' }
$d = [1, 2] ? { Array[Integer] => 'ints', default => 'no' }
notify { 'sel': message => [$a, $b, $c, $d] }
