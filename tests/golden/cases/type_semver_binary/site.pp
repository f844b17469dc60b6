$v = SemVer('1.2.3-rc.1')
notify { 'sv': message => [$v, $v < SemVer('1.2.3'), SemVerRange('~> 1.2'), SemVer('1.3.0') =~ SemVerRange('>=1.2.0 <2.0.0'), Binary('aGVsbG8='), String(Binary('aGVsbG8='), '%s'), Binary('hi', '%r')] }
