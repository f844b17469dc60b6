$n = 5
if $n < 3 { notify { 'a': } } elsif $n < 6 { notify { 'b': } } else { notify { 'c': } }
unless $n == 5 { notify { 'u1': } } else { notify { 'u2': } }
$v = if $n > 1 { 'big' } else { 'small' }
$w = unless false { 'ran' }
notify { 'val': message => [$v, $w] }
