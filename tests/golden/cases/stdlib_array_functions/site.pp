# stdlib 8.5's functions on arrays (real Puppet 7.23 with Debian's stdlib): concat,
# difference, intersection, union, prefix, suffix, zip, any2array, member, count, reject, grep,
# reverse, range, values_at; Ruby's equality (case-sensitive, 1 is not 1.0).
node default {
  $v0 = concat(['1', '2'], '3', ['4', ['5']])
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = concat([], undef)
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = concat([1], [])
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = difference([1, 2, 2, 'a', 'A'], [2, 'a'])
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = difference([1, 1.0], [1])
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = intersection([1, 2, 'a', 2], [2, 'A', 'a'])
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = intersection([], [1])
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = union([1, 2], [2, 3], ['a', 1])
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = prefix(['a', 'b', 1], 'p_')
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = prefix({'a' => 1, 2 => 'x'}, 'p_')
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = prefix(['a'])
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = prefix(['a'], undef)
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = suffix(['a', 'b'], '.conf')
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = suffix({'k' => 'v'}, '_s')
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = zip([1, 2, 3], ['a', 'b'])
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = zip([1, 2], [3, 4], true)
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = zip([1, 2], [3, 4], 'no')
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = any2array(undef)
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = any2array('')
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = any2array('a')
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = any2array([1])
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = any2array({'a' => 1, 'b' => 2})
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  $v22 = any2array(1, 2)
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = any2array(true)
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
  $v24 = member(['a', 'b'], 'b')
  notify { 'e24': message => { 'v' => $v24, 't' => String(type($v24, 'generalized')), 's' => "${v24}" } }
  $v25 = member(['a', 'b', 'c'], ['a', 'b'])
  notify { 'e25': message => { 'v' => $v25, 't' => String(type($v25, 'generalized')), 's' => "${v25}" } }
  $v26 = member(['a', 'b'], 'c')
  notify { 'e26': message => { 'v' => $v26, 't' => String(type($v26, 'generalized')), 's' => "${v26}" } }
  $v27 = member(['a', 'b'], 'A')
  notify { 'e27': message => { 'v' => $v27, 't' => String(type($v27, 'generalized')), 's' => "${v27}" } }
  $v28 = member([1, 2], 1)
  notify { 'e28': message => { 'v' => $v28, 't' => String(type($v28, 'generalized')), 's' => "${v28}" } }
  $v29 = member(['a', 'b', 'c'], ['d', 'b'])
  notify { 'e29': message => { 'v' => $v29, 't' => String(type($v29, 'generalized')), 's' => "${v29}" } }
  $v30 = count(['a', '', undef, 'b'])
  notify { 'e30': message => { 'v' => $v30, 't' => String(type($v30, 'generalized')), 's' => "${v30}" } }
  $v31 = count(['a', 'b', 'a'], 'a')
  notify { 'e31': message => { 'v' => $v31, 't' => String(type($v31, 'generalized')), 's' => "${v31}" } }
  $v32 = count({'a' => 1})
  notify { 'e32': message => { 'v' => $v32, 't' => String(type($v32, 'generalized')), 's' => "${v32}" } }
  $v33 = reject(['aaa', 'bbb', 'ccc', 'aaaddd'], 'aaa')
  notify { 'e33': message => { 'v' => $v33, 't' => String(type($v33, 'generalized')), 's' => "${v33}" } }
  $v34 = reject(['a', 1, 'b'], '^a$')
  notify { 'e34': message => { 'v' => $v34, 't' => String(type($v34, 'generalized')), 's' => "${v34}" } }
  $v35 = grep(['aaa', 'bbb', 'ccc', 'aaaddd'], 'aaa')
  notify { 'e35': message => { 'v' => $v35, 't' => String(type($v35, 'generalized')), 's' => "${v35}" } }
  $v36 = grep(['Ab', 'ab'], '^a')
  notify { 'e36': message => { 'v' => $v36, 't' => String(type($v36, 'generalized')), 's' => "${v36}" } }
  $v37 = reverse([1, 2, 3])
  notify { 'e37': message => { 'v' => $v37, 't' => String(type($v37, 'generalized')), 's' => "${v37}" } }
  $v38 = reverse('héllo')
  notify { 'e38': message => { 'v' => $v38, 't' => String(type($v38, 'generalized')), 's' => "${v38}" } }
  $v39 = range('1', '4')
  notify { 'e39': message => { 'v' => $v39, 't' => String(type($v39, 'generalized')), 's' => "${v39}" } }
  $v40 = range(1, 10, 3)
  notify { 'e40': message => { 'v' => $v40, 't' => String(type($v40, 'generalized')), 's' => "${v40}" } }
  $v41 = range('a', 'e')
  notify { 'e41': message => { 'v' => $v41, 't' => String(type($v41, 'generalized')), 's' => "${v41}" } }
  $v42 = range('host01', 'host04')
  notify { 'e42': message => { 'v' => $v42, 't' => String(type($v42, 'generalized')), 's' => "${v42}" } }
  $v43 = range('00', '03')
  notify { 'e43': message => { 'v' => $v43, 't' => String(type($v43, 'generalized')), 's' => "${v43}" } }
  $v44 = range('1..3')
  notify { 'e44': message => { 'v' => $v44, 't' => String(type($v44, 'generalized')), 's' => "${v44}" } }
  $v45 = range('1...3')
  notify { 'e45': message => { 'v' => $v45, 't' => String(type($v45, 'generalized')), 's' => "${v45}" } }
  $v46 = range('a-d')
  notify { 'e46': message => { 'v' => $v46, 't' => String(type($v46, 'generalized')), 's' => "${v46}" } }
  $v47 = range(5, 1)
  notify { 'e47': message => { 'v' => $v47, 't' => String(type($v47, 'generalized')), 's' => "${v47}" } }
  $v48 = range('az', 'bc')
  notify { 'e48': message => { 'v' => $v48, 't' => String(type($v48, 'generalized')), 's' => "${v48}" } }
  $v49 = range(1, 5, -2)
  notify { 'e49': message => { 'v' => $v49, 't' => String(type($v49, 'generalized')), 's' => "${v49}" } }
  $v50 = range('a', 'e', 2)
  notify { 'e50': message => { 'v' => $v50, 't' => String(type($v50, 'generalized')), 's' => "${v50}" } }
  $v51 = values_at(['a', 'b', 'c', 'd', 'e'], [0, 2, 4])
  notify { 'e51': message => { 'v' => $v51, 't' => String(type($v51, 'generalized')), 's' => "${v51}" } }
  $v52 = values_at(['a', 'b', 'c', 'd', 'e'], ['0-2', '3...4'])
  notify { 'e52': message => { 'v' => $v52, 't' => String(type($v52, 'generalized')), 's' => "${v52}" } }
  $v53 = values_at(['a', undef, 'c'], 1)
  notify { 'e53': message => { 'v' => $v53, 't' => String(type($v53, 'generalized')), 's' => "${v53}" } }
  $v54 = values_at(['a', 'b'], '1')
  notify { 'e54': message => { 'v' => $v54, 't' => String(type($v54, 'generalized')), 's' => "${v54}" } }
}
