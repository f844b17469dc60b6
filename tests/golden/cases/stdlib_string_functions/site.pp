# stdlib 8.5's functions on strings and paths (real Puppet 7.23 with Debian's stdlib):
# basename, dirname, stdlib::extname, swapcase, regexpescape, uriescape, squeeze, dos2unix,
# unix2dos, base64, stdlib::start_with/end_with/xml_encode, enclose_ipv6 and the shell quoting.
node default {
  $v0 = basename('/etc/puppet/site.pp')
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = basename('/etc/puppet/site.pp', '.pp')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = basename('a.rb', '.*')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = basename('/a/b/')
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = basename('/')
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = dirname('/etc/puppet/site.pp')
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = dirname('a')
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = dirname('/a')
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = dirname('a/b/')
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = stdlib::extname('a/b.tar.gz')
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = stdlib::extname('.bashrc')
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = stdlib::extname('foo.')
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = swapcase('Hello World')
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = swapcase(['aB', 1])
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = regexpescape('a.b*c?/[x]')
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = regexpescape(['a.b', 1])
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = uriescape('http://x.org/a b?c=d&e=é')
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = uriescape(['a b'])
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = squeeze('aaabbbccc')
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = squeeze('aaabbbccc', 'a-b')
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = squeeze(['aa', 'bbb'])
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = dos2unix("a\r\nb\r\n")
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  $v22 = unix2dos("a\nb\r\n")
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = base64('encode', 'thestring')
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
  $v24 = base64('encode', '')
  notify { 'e24': message => { 'v' => $v24, 't' => String(type($v24, 'generalized')), 's' => "${v24}" } }
  $v25 = base64('decode', 'dGhlc3RyaW5n')
  notify { 'e25': message => { 'v' => $v25, 't' => String(type($v25, 'generalized')), 's' => "${v25}" } }
  $v26 = base64('encode', 'a fairly long string to get past the sixty character line limit of Base64', 'default')
  notify { 'e26': message => { 'v' => $v26, 't' => String(type($v26, 'generalized')), 's' => "${v26}" } }
  $v27 = base64('encode', 'thestring', 'strict')
  notify { 'e27': message => { 'v' => $v27, 't' => String(type($v27, 'generalized')), 's' => "${v27}" } }
  $v28 = base64('encode', '??>>', 'urlsafe')
  notify { 'e28': message => { 'v' => $v28, 't' => String(type($v28, 'generalized')), 's' => "${v28}" } }
  $v29 = base64('decode', 'Pz8-Pg==', 'urlsafe')
  notify { 'e29': message => { 'v' => $v29, 't' => String(type($v29, 'generalized')), 's' => "${v29}" } }
  $v30 = base64('decode', 'dGhlc3RyaW5n', 'strict')
  notify { 'e30': message => { 'v' => $v30, 't' => String(type($v30, 'generalized')), 's' => "${v30}" } }
  $v31 = stdlib::start_with('foobar', 'foo')
  notify { 'e31': message => { 'v' => $v31, 't' => String(type($v31, 'generalized')), 's' => "${v31}" } }
  $v32 = stdlib::start_with('foobar', ['x', 'fo'])
  notify { 'e32': message => { 'v' => $v32, 't' => String(type($v32, 'generalized')), 's' => "${v32}" } }
  $v33 = stdlib::end_with('foobar', 'baz')
  notify { 'e33': message => { 'v' => $v33, 't' => String(type($v33, 'generalized')), 's' => "${v33}" } }
  $v34 = stdlib::xml_encode('<a href="x">&</a>')
  notify { 'e34': message => { 'v' => $v34, 't' => String(type($v34, 'generalized')), 's' => "${v34}" } }
  $v35 = stdlib::xml_encode('<a "x">', 'attr')
  notify { 'e35': message => { 'v' => $v35, 't' => String(type($v35, 'generalized')), 's' => "${v35}" } }
  $v36 = enclose_ipv6(['127.0.0.1', 'fe80::1', '*', 'fe80:0:0::1/64', '127.0.0.1'])
  notify { 'e36': message => { 'v' => $v36, 't' => String(type($v36, 'generalized')), 's' => "${v36}" } }
  $v37 = enclose_ipv6('::1')
  notify { 'e37': message => { 'v' => $v37, 't' => String(type($v37, 'generalized')), 's' => "${v37}" } }
  $v38 = shell_escape('foo bar$ "x"')
  notify { 'e38': message => { 'v' => $v38, 't' => String(type($v38, 'generalized')), 's' => "${v38}" } }
  $v39 = shell_escape('')
  notify { 'e39': message => { 'v' => $v39, 't' => String(type($v39, 'generalized')), 's' => "${v39}" } }
  $v40 = shell_escape("a\nb")
  notify { 'e40': message => { 'v' => $v40, 't' => String(type($v40, 'generalized')), 's' => "${v40}" } }
  $v41 = shell_escape(undef)
  notify { 'e41': message => { 'v' => $v41, 't' => String(type($v41, 'generalized')), 's' => "${v41}" } }
  $v42 = shell_join(['a b', 'c', 'd\'e'])
  notify { 'e42': message => { 'v' => $v42, 't' => String(type($v42, 'generalized')), 's' => "${v42}" } }
  $v43 = shell_split('a "b c" d\\ e \'f g\'')
  notify { 'e43': message => { 'v' => $v43, 't' => String(type($v43, 'generalized')), 's' => "${v43}" } }
  $v44 = batch_escape('a "b" $c')
  notify { 'e44': message => { 'v' => $v44, 't' => String(type($v44, 'generalized')), 's' => "${v44}" } }
  $v45 = powershell_escape('a b|c$d"e')
  notify { 'e45': message => { 'v' => $v45, 't' => String(type($v45, 'generalized')), 's' => "${v45}" } }
}
