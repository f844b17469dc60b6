# stdlib 8.5's validate_* functions given valid values (real Puppet 7.23 with Debian's
# stdlib): nothing happens but their deprecation warnings; validate_legacy with a type.
node default {
  # The type refuses, the old function accepts: a deprecation warning (whose value is Puppet's
  # log object); the type accepts, the old function refuses: a notice.
  validate_legacy(Integer[1, 3], 'validate_integer', 9)
  validate_legacy(String, 'validate_integer', 'x')
  $v0 = validate_absolute_path('/etc', ['/a', 'C:\\b'])
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = validate_array([], [1])
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = validate_bool(true, false)
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = validate_hash({})
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = validate_string('a', undef)
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = validate_integer(5, 10, 1)
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = validate_integer(['1', 2], 3)
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = validate_integer('8', '', 2)
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = validate_numeric(1.5, 2)
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = validate_numeric('3', 5.5, '1')
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = validate_re('one', '^one$')
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = validate_re('two', ['^one', '^two'])
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = validate_slength('abc', 3)
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = validate_slength(['a', 'bb'], 2, 1)
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = validate_ip_address('10.0.0.1', '::1')
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = validate_ipv4_address('1.2.3.4')
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = validate_ipv6_address('fe80::1')
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = validate_domain_name('example.com')
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = validate_email_address('a@b.org')
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = validate_legacy(Hash, 'validate_hash', {})
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = validate_legacy(String, 'validate_string', 'x')
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = validate_legacy(Integer[1, 3], 'validate_integer', 2)
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
}
