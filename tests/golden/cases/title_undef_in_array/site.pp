$t = ['a', 'b', undef]
notify { $t: }
