define thing($msg = 'm') { notify { "t-${title}": message => $msg } }
Thing { msg => 'defaulted' }
thing { 'a': }
thing { 'b': msg => 'explicit', tag => 'extra' }
thing { 'c': before => Thing['a'] }
