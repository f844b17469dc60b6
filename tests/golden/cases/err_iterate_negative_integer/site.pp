# A negative integer is no Iterable.
notify { 'x': message => (-2).map |$c| { $c } }
