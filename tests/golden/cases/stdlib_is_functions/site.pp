# stdlib 8.5's is_* predicates, type3x, is_a and type_of (real Puppet 7.23 with Debian's
# stdlib); the deprecated ones warn, which the catalog does not show.
node default {
  $v0 = is_string('a')
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = is_string('1')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = is_string('1.5')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = is_string(1)
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = is_string(undef)
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = is_string('-0')
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = is_array([])
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = is_array('a')
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = is_hash({})
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = is_hash([])
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = is_bool(false)
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = is_bool('true')
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = is_float(1.5)
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = is_float('1.5')
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = is_float('1')
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = is_float(1)
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = is_integer(3)
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = is_integer('-12')
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = is_integer('012')
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = is_integer(1.0)
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = is_numeric('1e5')
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = is_numeric('-1.5E-3')
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  $v22 = is_numeric('1.')
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = is_numeric(2)
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
  $v24 = is_absolute_path('/etc')
  notify { 'e24': message => { 'v' => $v24, 't' => String(type($v24, 'generalized')), 's' => "${v24}" } }
  $v25 = is_absolute_path('C:/x')
  notify { 'e25': message => { 'v' => $v25, 't' => String(type($v25, 'generalized')), 's' => "${v25}" } }
  $v26 = is_absolute_path('x/y')
  notify { 'e26': message => { 'v' => $v26, 't' => String(type($v26, 'generalized')), 's' => "${v26}" } }
  $v27 = is_absolute_path(undef)
  notify { 'e27': message => { 'v' => $v27, 't' => String(type($v27, 'generalized')), 's' => "${v27}" } }
  $v28 = is_ip_address('10.0.0.1')
  notify { 'e28': message => { 'v' => $v28, 't' => String(type($v28, 'generalized')), 's' => "${v28}" } }
  $v29 = is_ip_address('10.0.0.1/24')
  notify { 'e29': message => { 'v' => $v29, 't' => String(type($v29, 'generalized')), 's' => "${v29}" } }
  $v30 = is_ip_address('::1')
  notify { 'e30': message => { 'v' => $v30, 't' => String(type($v30, 'generalized')), 's' => "${v30}" } }
  $v31 = is_ip_address('x')
  notify { 'e31': message => { 'v' => $v31, 't' => String(type($v31, 'generalized')), 's' => "${v31}" } }
  $v32 = is_ipv4_address('10.0.0.256')
  notify { 'e32': message => { 'v' => $v32, 't' => String(type($v32, 'generalized')), 's' => "${v32}" } }
  $v33 = is_ipv4_address('1.2.3.4')
  notify { 'e33': message => { 'v' => $v33, 't' => String(type($v33, 'generalized')), 's' => "${v33}" } }
  $v34 = is_ipv6_address('fe80::1')
  notify { 'e34': message => { 'v' => $v34, 't' => String(type($v34, 'generalized')), 's' => "${v34}" } }
  $v35 = is_ipv6_address('1.2.3.4')
  notify { 'e35': message => { 'v' => $v35, 't' => String(type($v35, 'generalized')), 's' => "${v35}" } }
  $v36 = is_mac_address('00:a0:1f:12:7f:a0')
  notify { 'e36': message => { 'v' => $v36, 't' => String(type($v36, 'generalized')), 's' => "${v36}" } }
  $v37 = is_mac_address('00:a0:1f:12:7f')
  notify { 'e37': message => { 'v' => $v37, 't' => String(type($v37, 'generalized')), 's' => "${v37}" } }
  $v38 = is_domain_name('www.example.com')
  notify { 'e38': message => { 'v' => $v38, 't' => String(type($v38, 'generalized')), 's' => "${v38}" } }
  $v39 = is_domain_name('-bad.example.com')
  notify { 'e39': message => { 'v' => $v39, 't' => String(type($v39, 'generalized')), 's' => "${v39}" } }
  $v40 = is_domain_name('.')
  notify { 'e40': message => { 'v' => $v40, 't' => String(type($v40, 'generalized')), 's' => "${v40}" } }
  $v41 = is_domain_name('a..b')
  notify { 'e41': message => { 'v' => $v41, 't' => String(type($v41, 'generalized')), 's' => "${v41}" } }
  $v42 = is_domain_name('x.1')
  notify { 'e42': message => { 'v' => $v42, 't' => String(type($v42, 'generalized')), 's' => "${v42}" } }
  $v43 = is_email_address('joe@example.com')
  notify { 'e43': message => { 'v' => $v43, 't' => String(type($v43, 'generalized')), 's' => "${v43}" } }
  $v44 = is_email_address('bad@')
  notify { 'e44': message => { 'v' => $v44, 't' => String(type($v44, 'generalized')), 's' => "${v44}" } }
  $v45 = is_email_address('a.b+c@x.co.uk')
  notify { 'e45': message => { 'v' => $v45, 't' => String(type($v45, 'generalized')), 's' => "${v45}" } }
  $v46 = is_function_available('pick')
  notify { 'e46': message => { 'v' => $v46, 't' => String(type($v46, 'generalized')), 's' => "${v46}" } }
  $v47 = is_function_available('no_such_function')
  notify { 'e47': message => { 'v' => $v47, 't' => String(type($v47, 'generalized')), 's' => "${v47}" } }
  $v48 = type3x('a')
  notify { 'e48': message => { 'v' => $v48, 't' => String(type($v48, 'generalized')), 's' => "${v48}" } }
  $v49 = type3x('12')
  notify { 'e49': message => { 'v' => $v49, 't' => String(type($v49, 'generalized')), 's' => "${v49}" } }
  $v50 = type3x('1.5')
  notify { 'e50': message => { 'v' => $v50, 't' => String(type($v50, 'generalized')), 's' => "${v50}" } }
  $v51 = type3x(true)
  notify { 'e51': message => { 'v' => $v51, 't' => String(type($v51, 'generalized')), 's' => "${v51}" } }
  $v52 = type3x([1])
  notify { 'e52': message => { 'v' => $v52, 't' => String(type($v52, 'generalized')), 's' => "${v52}" } }
  $v53 = type3x({})
  notify { 'e53': message => { 'v' => $v53, 't' => String(type($v53, 'generalized')), 's' => "${v53}" } }
  $v54 = type3x(1)
  notify { 'e54': message => { 'v' => $v54, 't' => String(type($v54, 'generalized')), 's' => "${v54}" } }
  $v55 = is_a(1, Integer)
  notify { 'e55': message => { 'v' => $v55, 't' => String(type($v55, 'generalized')), 's' => "${v55}" } }
  $v56 = is_a('a', Integer)
  notify { 'e56': message => { 'v' => $v56, 't' => String(type($v56, 'generalized')), 's' => "${v56}" } }
  $v57 = String(type_of([1, 'a']))
  notify { 'e57': message => { 'v' => $v57, 't' => String(type($v57, 'generalized')), 's' => "${v57}" } }
  $v100 = is_function_available('to_json')
  notify { 'e100': message => { 'v' => $v100, 't' => String(type($v100, 'generalized')), 's' => "${v100}" } }
  $v101 = is_function_available('each')
  notify { 'e101': message => { 'v' => $v101, 't' => String(type($v101, 'generalized')), 's' => "${v101}" } }
}
