$t = true
$f = false
notify { 'logic': message => [$t and $f, $t or $f, !$t, !$f, $f or !$f and $t, !(1 == 2)] }
notify { 'truthy': message => [if '' { 'empty-true' } else { 'empty-false' }, if undef { 'u' } else { 'no-u' }, if [] { 'arr' } else { 'no' }] }
