# Puppet 7's built-in functions on everyday values: regsubst, match, split, index, compare, slice,
# any/all/partition, tree_each, reduce, case functions on arrays and hashes, rounding, getvar.
node default {
  $v0 = regsubst('abc', 'b', '\\0\\0')
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = regsubst('abc', /(b)/, '<\1>')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = regsubst('aaa', 'a', 'b', 'G')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = regsubst(['ab', 'cb'], 'b', 'x')
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = regsubst('Hello', 'h', 'j', 'I')
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = 'abc' =~ /(a)(b)/
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = 'hello world'.match(/(o) (w)/)
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = match('abc', /x/)
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = ['a1', 'b2'].match(/\d/)
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = split('abc', '')
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = split('a.b.c', '.')
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = split('a b  c', ' ')
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = split('', ',')
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = index([1, 2, 3], 2)
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = index('hello', 'l')
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = index({a => 1, b => 2}, 2)
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = [3, 1, 2].sort |$a, $b| { compare($b, $a) }
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = compare('a', 'B')
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = compare('a', 'B', false)
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = compare(1, 2.5)
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = [1, 2, 3, 4].slice(2).map |$x| { $x }
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = [1, 2, 3].any |$x| { $x > 2 }
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  $v22 = [1, 2, 3].all |$x| { $x > 0 }
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = [1, 2, 3, 4].partition |$x| { $x % 2 == 0 }
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
  $v24 = {a => 1, b => 2}.any |$k, $v| { $v > 1 }
  notify { 'e24': message => { 'v' => $v24, 't' => String(type($v24, 'generalized')), 's' => "${v24}" } }
  $v25 = [[1, [2]], 3].tree_each.map |$x| { $x }
  notify { 'e25': message => { 'v' => $v25, 't' => String(type($v25, 'generalized')), 's' => "${v25}" } }
  $v26 = [1, 2, 3].max |$a, $b| { compare($a, $b) }
  notify { 'e26': message => { 'v' => $v26, 't' => String(type($v26, 'generalized')), 's' => "${v26}" } }
  $v27 = 'abc'.reverse_each.map |$c| { $c }
  notify { 'e27': message => { 'v' => $v27, 't' => String(type($v27, 'generalized')), 's' => "${v27}" } }
  $v28 = 'hello'.size
  notify { 'e28': message => { 'v' => $v28, 't' => String(type($v28, 'generalized')), 's' => "${v28}" } }
  $v29 = join(['a', ['b', 'c']], ',')
  notify { 'e29': message => { 'v' => $v29, 't' => String(type($v29, 'generalized')), 's' => "${v29}" } }
  $v30 = unique('aabbc')
  notify { 'e30': message => { 'v' => $v30, 't' => String(type($v30, 'generalized')), 's' => "${v30}" } }
  $v31 = flatten([1, [2, [3]]])
  notify { 'e31': message => { 'v' => $v31, 't' => String(type($v31, 'generalized')), 's' => "${v31}" } }
  $v32 = [1, 2, 3].reduce(10) |$m, $x| { $m + $x }
  notify { 'e32': message => { 'v' => $v32, 't' => String(type($v32, 'generalized')), 's' => "${v32}" } }
  $v33 = [1, 2, 3].map |$i, $x| { $i * $x }
  notify { 'e33': message => { 'v' => $v33, 't' => String(type($v33, 'generalized')), 's' => "${v33}" } }
  $v34 = [1, 2, 3].filter |$x| { $x != 2 }.size
  notify { 'e34': message => { 'v' => $v34, 't' => String(type($v34, 'generalized')), 's' => "${v34}" } }
  $v35 = upcase(['a', 'b'])
  notify { 'e35': message => { 'v' => $v35, 't' => String(type($v35, 'generalized')), 's' => "${v35}" } }
  $v36 = downcase({'A' => 'B'})
  notify { 'e36': message => { 'v' => $v36, 't' => String(type($v36, 'generalized')), 's' => "${v36}" } }
  $v37 = capitalize('hELLO')
  notify { 'e37': message => { 'v' => $v37, 't' => String(type($v37, 'generalized')), 's' => "${v37}" } }
  $v38 = camelcase('foo_bar_baz')
  notify { 'e38': message => { 'v' => $v38, 't' => String(type($v38, 'generalized')), 's' => "${v38}" } }
  $v39 = lstrip('  x ')
  notify { 'e39': message => { 'v' => $v39, 't' => String(type($v39, 'generalized')), 's' => "${v39}" } }
  $v40 = rstrip(' x  ')
  notify { 'e40': message => { 'v' => $v40, 't' => String(type($v40, 'generalized')), 's' => "${v40}" } }
  $v41 = chop('abc')
  notify { 'e41': message => { 'v' => $v41, 't' => String(type($v41, 'generalized')), 's' => "${v41}" } }
  $v42 = abs(-3.5)
  notify { 'e42': message => { 'v' => $v42, 't' => String(type($v42, 'generalized')), 's' => "${v42}" } }
  $v43 = ceiling(2.1)
  notify { 'e43': message => { 'v' => $v43, 't' => String(type($v43, 'generalized')), 's' => "${v43}" } }
  $v44 = floor(-2.1)
  notify { 'e44': message => { 'v' => $v44, 't' => String(type($v44, 'generalized')), 's' => "${v44}" } }
  $v45 = round(2.5)
  notify { 'e45': message => { 'v' => $v45, 't' => String(type($v45, 'generalized')), 's' => "${v45}" } }
  $v46 = round(-2.5)
  notify { 'e46': message => { 'v' => $v46, 't' => String(type($v46, 'generalized')), 's' => "${v46}" } }
  $v47 = round(3.4999)
  notify { 'e47': message => { 'v' => $v47, 't' => String(type($v47, 'generalized')), 's' => "${v47}" } }
  $v48 = min([3, 1, 2])
  notify { 'e48': message => { 'v' => $v48, 't' => String(type($v48, 'generalized')), 's' => "${v48}" } }
  $v49 = max('a', 'B')
  notify { 'e49': message => { 'v' => $v49, 't' => String(type($v49, 'generalized')), 's' => "${v49}" } }
  $v50 = getvar('facts.os.family')
  notify { 'e50': message => { 'v' => $v50, 't' => String(type($v50, 'generalized')), 's' => "${v50}" } }
  $v51 = getvar('nonexistent', 'dflt')
  notify { 'e51': message => { 'v' => $v51, 't' => String(type($v51, 'generalized')), 's' => "${v51}" } }
}
