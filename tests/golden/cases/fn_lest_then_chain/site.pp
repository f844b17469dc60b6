$cfg = { 'a' => undef }
notify { 'l': message => [$cfg['a'].lest || { 'x' }, $cfg['b'].then |$v| { $v }.lest || { 'y' }, 5.then |$v| { $v + 1 }] }
