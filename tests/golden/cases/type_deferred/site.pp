$d = Deferred('join', [['a', 'b'], '-'])
notify { 'def': message => $d }
notify { 'isdef': message => [$d =~ Deferred, type($d)] }
