# String(undef, format) as Puppet's StringConverter prints it: %p undef, %v n/a, %d NaN, width and precision on that text.
$formats = ['%s', '%p', '%d', '%x', '%u', '%v', '%V', '%n', '%#p', '%10p', '%.2p', '%f', '%e', '%g', '%b', '%o', '%X', '%B', '%a', '%E', '%G', '%A']
$formats.each |$f| { notify { "f${f}": message => String(undef, $f) } }
notify { 'none': message => String(undef) }
notify { 'arr': message => String([undef, 1], '%p') }
notify { 'arrs': message => String([undef, 1]) }
notify { 'hash': message => String({a => undef}) }
notify { 'interp': message => "x${undef}y" }
