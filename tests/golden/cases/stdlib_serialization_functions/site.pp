# stdlib 8.5's to_json, to_json_pretty, to_yaml, to_python, to_ruby, parsejson,
# parseyaml, parsepson (real Puppet 7.23 with Debian's stdlib): Ruby's JSON and Psych output, byte
# for byte.
node default {
  $v0 = to_json({'a' => [1, undef, 1.5, true], 'b' => 'ü/"'})
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = to_json([])
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = to_json('s')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = to_json_pretty({'a' => [], 'b' => {}, 'c' => [1, {'d' => undef}]})
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = to_json_pretty([1, undef, 2], true)
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = to_json_pretty({'a' => 1, 'b' => undef}, true)
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = to_yaml({'a' => undef, 'b' => [], 'c' => {}, 'd' => [1, [2, 3], {'x' => 1, 'y' => [4]}], 'e' => "multi\nline", 'g' => 'yes', 'h' => '1.5', 'i' => 'a: b', 'j' => '-x', 'k' => '', 'l' => "it's", 'm' => "tab\there", 'n' => 1.5, 'o' => 'ü', 'p' => true, 'q' => 'null', 'r' => '~', 's' => ' lead', 't' => '#c', 'u' => '0755', 'x' => '2024-01-01', 'k2' => '/etc/x', 'w' => 'x #y'})
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = to_yaml(['a', 1])
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = to_yaml('str')
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = to_yaml([])
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = to_yaml({'f' => {'g' => "x\ny"}, 'h' => ["p\nq"], 'y' => 'n'})
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = to_python({'a' => [true, false, undef, 1, 'x']})
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = to_ruby({'a' => [true, undef, 1.5, 'x']})
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = parsejson('{"a": [1, null, 2.5, "x"]}')
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = parsejson('nope', 'dflt')
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = parsejson('null', 'dflt')
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = parseyaml("a: [1, ~, 2.5, yes]\nb: text")
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = parseyaml('', 'empty')
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = parseyaml('- 1\n- two')
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = parseyaml('[unclosed', 'dflt')
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = parsepson('{"a": 1}')
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v100 = to_toml({'a' => 1, 'b' => 'x#{y} "q"', 'tbl' => {'k' => [1, 'two'], 'f' => 1.5}, 'arr' => [{'n' => 1}, {'n' => 2, 'm' => undef}], 'q key' => true, 'empty' => {}})
  notify { 'e100': message => { 'v' => $v100, 't' => String(type($v100, 'generalized')), 's' => "${v100}" } }
  $v101 = to_toml({})
  notify { 'e101': message => { 'v' => $v101, 't' => String(type($v101, 'generalized')), 's' => "${v101}" } }
}
