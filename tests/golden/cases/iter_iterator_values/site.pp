# reverse_each and step without a block give an Iterator: matched by Iterator and Iterable (not
# Array), iterated by each, map and reduce, unfolded by Array() and `*`, printed as its items by
# String() and as Iterator[T]-Value when interpolated.
$i = [1, 2, 3].reverse_each
$s = [1, 2, 3, 4].step(2)
$h = {'a' => 1}.reverse_each
notify { 'interpolated': message => "${i} ${s}" }
notify { 'string': message => String($i) }
notify { 'p': message => String($i, '%p') }
notify { 'match': message => "${$i =~ Iterator} ${$i =~ Iterable} ${$i =~ Array} ${$i =~ Iterator[Integer]} ${$i =~ Iterator[String]} ${$i =~ Any}" }
notify { 'map': message => "${$i.map |$x| { $x * 2 }}" }
notify { 'generalized': message => "${type($i, 'generalized')} ${type($s, 'generalized')}" }
notify { 'array': message => "${Array($i)} ${Array($s)} ${[*$i]}" }
notify { 'equal': message => "${$i == [3, 2, 1]}" }
notify { 'hash': message => String($h, '%p') }
notify { 'nested': message => "${$i.reverse_each.map |$x| { $x }}" }
notify { 'reduce': message => "${$i.reduce |$m, $x| { $m + $x }}" }
notify { 'each': message => "${$i.each |$x| { }}" }
notify { 'strings': message => "${['a ', ' b'].reverse_each.strip} ${['a_b'].step(1).capitalize}" }
