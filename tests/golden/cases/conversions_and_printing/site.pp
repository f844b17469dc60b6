# Integer(), Float(), Numeric(), Boolean(), String() and interpolation of numbers, types and rich
# values (Binary's formats, Timespan, Timestamp, SemVer), each value with its generalized type.
node default {
  $v0 = Integer('0b101')
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = Integer('  12')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = Integer('-0x1F')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = Integer('010')
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = Integer('12', 8)
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = Integer(12.9)
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = Integer(-12.9)
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = Integer(true)
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = Float('1e3')
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = Float('0x10')
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = Float(3)
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = Numeric('0x1F')
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = Numeric('1e3')
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = Numeric('010')
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = Numeric(true)
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = Boolean('Yes')
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = Boolean('TRUE')
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = Boolean('n')
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = Boolean(0)
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = Boolean(2.5)
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = String(1.0/3)
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = String(1e100)
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  $v22 = String(1e-5)
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = String(100.0)
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
  $v24 = String(1234567.0)
  notify { 'e24': message => { 'v' => $v24, 't' => String(type($v24, 'generalized')), 's' => "${v24}" } }
  $v25 = String(12345678901234567.0)
  notify { 'e25': message => { 'v' => $v25, 't' => String(type($v25, 'generalized')), 's' => "${v25}" } }
  $v26 = String(0.1)
  notify { 'e26': message => { 'v' => $v26, 't' => String(type($v26, 'generalized')), 's' => "${v26}" } }
  $v27 = String(-0.0)
  notify { 'e27': message => { 'v' => $v27, 't' => String(type($v27, 'generalized')), 's' => "${v27}" } }
  $v28 = "${1.0/3}"
  notify { 'e28': message => { 'v' => $v28, 't' => String(type($v28, 'generalized')), 's' => "${v28}" } }
  $v29 = String(Integer)
  notify { 'e29': message => { 'v' => $v29, 't' => String(type($v29, 'generalized')), 's' => "${v29}" } }
  $v30 = String(Sensitive('x'))
  notify { 'e30': message => { 'v' => $v30, 't' => String(type($v30, 'generalized')), 's' => "${v30}" } }
  $v31 = String(Timespan(90))
  notify { 'e31': message => { 'v' => $v31, 't' => String(type($v31, 'generalized')), 's' => "${v31}" } }
  $v32 = String(Timestamp('2024-01-31T10:00:00 UTC'))
  notify { 'e32': message => { 'v' => $v32, 't' => String(type($v32, 'generalized')), 's' => "${v32}" } }
  $v33 = String(SemVer('1.2.3-rc1'))
  notify { 'e33': message => { 'v' => $v33, 't' => String(type($v33, 'generalized')), 's' => "${v33}" } }
  $v34 = String(Binary('aGk='))
  notify { 'e34': message => { 'v' => $v34, 't' => String(type($v34, 'generalized')), 's' => "${v34}" } }
  $v35 = String(Binary('aGk='), '%s')
  notify { 'e35': message => { 'v' => $v35, 't' => String(type($v35, 'generalized')), 's' => "${v35}" } }
  $v36 = Timespan('1-02:03:04')
  notify { 'e36': message => { 'v' => $v36, 't' => String(type($v36, 'generalized')), 's' => "${v36}" } }
  $v37 = Timespan(3600.5)
  notify { 'e37': message => { 'v' => $v37, 't' => String(type($v37, 'generalized')), 's' => "${v37}" } }
  $v38 = Timestamp('2024-01-31')
  notify { 'e38': message => { 'v' => $v38, 't' => String(type($v38, 'generalized')), 's' => "${v38}" } }
  $v39 = SemVerRange('>=1.0.0 <2.0.0')
  notify { 'e39': message => { 'v' => $v39, 't' => String(type($v39, 'generalized')), 's' => "${v39}" } }
  $v40 = versioncmp('1.0.0', '1.0.0-rc1')
  notify { 'e40': message => { 'v' => $v40, 't' => String(type($v40, 'generalized')), 's' => "${v40}" } }
  $v41 = sprintf('%s', 1e100)
  notify { 'e41': message => { 'v' => $v41, 't' => String(type($v41, 'generalized')), 's' => "${v41}" } }
  $v42 = sprintf('%s', 0.1 + 0.2)
  notify { 'e42': message => { 'v' => $v42, 't' => String(type($v42, 'generalized')), 's' => "${v42}" } }
  $v43 = sprintf('%.10f', 0.1)
  notify { 'e43': message => { 'v' => $v43, 't' => String(type($v43, 'generalized')), 's' => "${v43}" } }
  $v44 = sprintf('%s', 100.0)
  notify { 'e44': message => { 'v' => $v44, 't' => String(type($v44, 'generalized')), 's' => "${v44}" } }
  $v45 = String(Binary('aGk='), '%b')
  notify { 'e45': message => { 'v' => $v45, 't' => String(type($v45, 'generalized')), 's' => "${v45}" } }
  $v46 = String(Binary('aGk='), '%u')
  notify { 'e46': message => { 'v' => $v46, 't' => String(type($v46, 'generalized')), 's' => "${v46}" } }
  $v47 = String(Binary('aGk='), '%p')
  notify { 'e47': message => { 'v' => $v47, 't' => String(type($v47, 'generalized')), 's' => "${v47}" } }
  $v48 = String(Binary('aGk='), '%t')
  notify { 'e48': message => { 'v' => $v48, 't' => String(type($v48, 'generalized')), 's' => "${v48}" } }
  $v49 = String(Binary('aGk='), '%#s')
  notify { 'e49': message => { 'v' => $v49, 't' => String(type($v49, 'generalized')), 's' => "${v49}" } }
  $v50 = String(Binary('aGk='), '%B')
  notify { 'e50': message => { 'v' => $v50, 't' => String(type($v50, 'generalized')), 's' => "${v50}" } }
  $v51 = String(Binary('aGVsbG8gd29ybGQgdGhpcyBpcyBhIGxvbmdlciBzdHJpbmcgdGhhdCB3cmFwcyBhY3Jvc3MgbGluZXM/Pz8+Pj4='), '%b')
  notify { 'e51': message => { 'v' => $v51, 't' => String(type($v51, 'generalized')), 's' => "${v51}" } }
  $v52 = String(Binary('Pz8+Pj4='), '%u')
  notify { 'e52': message => { 'v' => $v52, 't' => String(type($v52, 'generalized')), 's' => "${v52}" } }
}
