# stdlib 8.5's functions on hashes and picking values (real Puppet 7.23 with Debian's
# puppet-module-puppetlabs-stdlib): pick, pick_default, merge, deep_merge, has_key, hash, delete*,
# dig44, join_keys_to_values; undef, empty, nested and unicode values.
node default {
  $v0 = pick(undef, '', 'a', 'b')
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = pick(false, 'x')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = pick([], 'x')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = pick_default(undef, '', 'd')
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = pick_default(undef, undef)
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = pick_default('')
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = pick_default(undef, 'a', 'b')
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = merge({'a' => 1, 'b' => 2}, {'b' => 'dos', 'c' => 3})
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = merge({'a' => 1}, undef, '', {'A' => 2})
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = merge()
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = merge({'x' => {'y' => 1}}, {'x' => {'z' => 2}})
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = merge([1, 2]) |$memo, $v| { { "k${v}" => $v } }
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = merge({'a' => 1, 'b' => 2}) |$memo, $k, $v| { { $v => $k } }
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = deep_merge({'a' => {'b' => 1, 'c' => [1]}, 'd' => 1}, {'a' => {'c' => [2], 'e' => 'ü'}}, '')
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = deep_merge({}, {'x' => undef})
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = has_key({'a' => 1, 1 => 2}, 'a')
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = has_key({'a' => 1}, 'A')
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = has_key({1 => 2}, 1)
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = hash(['a', 1, 'b', [2]])
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = hash([['a', 1], ['b', 2]])
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = delete(['a', 'b', 'c', 'b'], 'b')
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = delete({'a' => 1, 'b' => 2, 'c' => 3}, ['b', 'c'])
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  $v22 = delete('abracadabra', 'bra')
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = delete([1, 'B', 'b'], 'b')
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
  $v24 = delete_at(['a', 'b', 'c'], 1)
  notify { 'e24': message => { 'v' => $v24, 't' => String(type($v24, 'generalized')), 's' => "${v24}" } }
  $v25 = delete_at(['a', 'b', 'c'], '2')
  notify { 'e25': message => { 'v' => $v25, 't' => String(type($v25, 'generalized')), 's' => "${v25}" } }
  $v26 = delete_regex(['abf', 'ab', 'ac'], '^ab.*')
  notify { 'e26': message => { 'v' => $v26, 't' => String(type($v26, 'generalized')), 's' => "${v26}" } }
  $v27 = delete_regex({'abc' => 1, 'b' => 2}, ['abc', 'b'])
  notify { 'e27': message => { 'v' => $v27, 't' => String(type($v27, 'generalized')), 's' => "${v27}" } }
  $v28 = delete_values({'a' => 'A', 'b' => 'B', 'c' => 'A'}, 'A')
  notify { 'e28': message => { 'v' => $v28, 't' => String(type($v28, 'generalized')), 's' => "${v28}" } }
  $v29 = delete_undef_values({'a' => 'A', 'b' => '', 'c' => undef, 'd' => false})
  notify { 'e29': message => { 'v' => $v29, 't' => String(type($v29, 'generalized')), 's' => "${v29}" } }
  $v30 = delete_undef_values(['A', '', undef, false])
  notify { 'e30': message => { 'v' => $v30, 't' => String(type($v30, 'generalized')), 's' => "${v30}" } }
  $v31 = dig44({'a' => {'b' => [10, 20]}}, ['a', 'b', 1])
  notify { 'e31': message => { 'v' => $v31, 't' => String(type($v31, 'generalized')), 's' => "${v31}" } }
  $v32 = dig44({'a' => {'b' => [10, 20]}}, ['a', 'x'], 'dflt')
  notify { 'e32': message => { 'v' => $v32, 't' => String(type($v32, 'generalized')), 's' => "${v32}" } }
  $v33 = dig44([1, [2, 3]], [1, '0'])
  notify { 'e33': message => { 'v' => $v33, 't' => String(type($v33, 'generalized')), 's' => "${v33}" } }
  $v34 = dig44({'a' => undef}, ['a'], 'd')
  notify { 'e34': message => { 'v' => $v34, 't' => String(type($v34, 'generalized')), 's' => "${v34}" } }
  $v35 = join_keys_to_values({'a' => 1, 'b' => [2, 3], 'c' => undef, 'd' => 'undef'}, '=')
  notify { 'e35': message => { 'v' => $v35, 't' => String(type($v35, 'generalized')), 's' => "${v35}" } }
  $v36 = join_keys_to_values({}, ':')
  notify { 'e36': message => { 'v' => $v36, 't' => String(type($v36, 'generalized')), 's' => "${v36}" } }
}
