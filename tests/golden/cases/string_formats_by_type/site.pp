# String(value, format) by the value's type, as Puppet's StringConverter prints it: booleans
# %t %T %y %Y %d, strings %C %c %u %d %#p, regexps %s, numbers, types, default.
$cases = [
  [true, '%s'], [true, '%p'], [true, '%d'], [true, '%y'], [true, '%Y'], [true, '%t'], [true, '%T'], [false, '%y'], [true, '%#d'],
  [3, '%s'], [3, '%p'], [3, '%x'], [3, '%#x'], [3, '%o'], [3, '%b'], [3, '%e'], [3, '%f'], [3, '%c'], [65, '%c'], [3, '%10.3d'],
  [1.5, '%s'], [1.5, '%p'], [1.5, '%d'], [1.5, '%x'], [1.5, '%.3e'], [1.5, '%g'], [2.0, '%s'], [1e20, '%s'], [1.5, '%10.2f'],
  ['abc', '%s'], ['abc', '%p'], ['abc', '%#p'], ['abc', '%10s'], ['abc', '%-10s'], ['abc', '%.2s'], ['abc', '%C'], ['abc', '%c'], ['a::b', '%C'], ['abc', '%u'], ['ABC', '%d'],
  [[1, 'a'], '%s'], [[1, 'a'], '%p'], [{a => 1}, '%s'], [{a => 1}, '%p'], 
  [/x.y/, '%s'], [/x.y/, '%p'], [Integer, '%s'], [Integer[1,2], '%p'], [default, '%s'], [default, '%p'],
]
$cases.each |$i, $c| { notify { "c${i} ${c[1]}": message => String($c[0], $c[1]) } }
# %#p quotes as Puppet's double-quoted strings do: \$ and control characters escaped.
notify { 'double_quoted_escapes': message => String("a\$b\tc'd\"e", '%#p') }
