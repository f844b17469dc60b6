$t = Timestamp('2020-01-02T03:04:05 UTC')
$v = SemVer('1.0.0')
notify { 'rv': message => ["${t}", "${v}", [$t, $v, SemVerRange('>=1.0.0'), Binary('aGk=')], { 'when' => $t }, String($t), type($v), type(Binary('aGk=')), type(SemVerRange('>=1.0.0')), $t.strftime('%Y'), Timespan(3600) =~ Timespan[0, 7200], $v =~ Scalar, Binary('aGk=') =~ Scalar] }
notify { 'rv2': message => $v }
notify { 'rv3': message => [Deferred('join', [[1], ',']), Sensitive(1) =~ Sensitive] }
