# exec is not isomorphic: the same command twice is no conflict.
exec { 'a': command => '/bin/true' }
exec { 'b': command => '/bin/true' }
