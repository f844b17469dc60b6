# stdlib 8.5's conversions (real Puppet 7.23 with Debian's stdlib): str2bool, bool2str,
# bool2num, num2bool, any2bool, convert_base, to_bytes, clamp.
node default {
  $v0 = str2bool('yes')
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = str2bool('N')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = str2bool('')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = str2bool(true)
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = str2bool(undef)
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = str2bool('undef')
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = bool2str(true)
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = bool2str(false, 'yes', 'no')
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = bool2str(false, '', 'x')
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = bool2num(true)
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = bool2num('f')
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = num2bool('1.5')
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = num2bool(0)
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = num2bool(-1)
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = num2bool('2')
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = num2bool(0.9)
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = any2bool('1')
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = any2bool('no')
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = any2bool(undef)
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = any2bool(2.5)
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = any2bool([])
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = any2bool('0.0')
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  $v22 = convert_base(5, 2)
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = convert_base('254', '16')
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
  $v24 = convert_base(35, 36)
  notify { 'e24': message => { 'v' => $v24, 't' => String(type($v24, 'generalized')), 's' => "${v24}" } }
  $v25 = to_bytes('4 kB')
  notify { 'e25': message => { 'v' => $v25, 't' => String(type($v25, 'generalized')), 's' => "${v25}" } }
  $v26 = to_bytes('1.5M')
  notify { 'e26': message => { 'v' => $v26, 't' => String(type($v26, 'generalized')), 's' => "${v26}" } }
  $v27 = to_bytes(1024)
  notify { 'e27': message => { 'v' => $v27, 't' => String(type($v27, 'generalized')), 's' => "${v27}" } }
  $v28 = to_bytes('2G')
  notify { 'e28': message => { 'v' => $v28, 't' => String(type($v28, 'generalized')), 's' => "${v28}" } }
  $v29 = to_bytes('512')
  notify { 'e29': message => { 'v' => $v29, 't' => String(type($v29, 'generalized')), 's' => "${v29}" } }
  $v30 = clamp(3, 1, 5)
  notify { 'e30': message => { 'v' => $v30, 't' => String(type($v30, 'generalized')), 's' => "${v30}" } }
  $v31 = clamp([10, 1, '5'])
  notify { 'e31': message => { 'v' => $v31, 't' => String(type($v31, 'generalized')), 's' => "${v31}" } }
  $v32 = clamp('7', 2, 4)
  notify { 'e32': message => { 'v' => $v32, 't' => String(type($v32, 'generalized')), 's' => "${v32}" } }
}
