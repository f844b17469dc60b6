class foo::bar {}
$s = Sensitive('x')
$q = "it's"
$nl = "x\ny"
$bs = 'a\b'
$f = [1e20, 0.00001, 1e16, 1e15, 1e14, 123456789.123, -0.0, 0.0001, 1.5e-7, 2.5e300]
$h = { 'k' => undef, 1 => default, 'r' => /a\/b/, 'f' => 1.5, 'g' => 2.0, 't' => Array[String], 's' => $s, 'c' => Class['foo'], 'ref' => File['/x'], 'n' => Notify['a b'] }
notify { 'interpolated': message => ["${[undef, default, /x/, 1.5, 2.0, Integer, $s, Class['foo'], File['/x'], 'q', [undef]]}", "${h}", "${Class['foo::bar']} ${Class['Foo::Bar']} ${File} ${Resource['file', '/x']} ${Class} ${['']} ${File[$q]} ${File[$bs]}", "${f}", "${{ 'a b' => 'c d', 2 => [3] }}", "${[Undef, Any, Integer[1], Optional[String], Enum[$q, $bs]]}"] }
notify { 'strings': message => [String($h), String([undef, default, /x/, 1.5, Integer, $s, Class['foo'], File['/x']]), String(File['/x']), String(default), String(/x/), String($s), String(1e20), String(1e-5), String([0.1, 1e20]), String({ 'a b' => $q, 'n' => $nl }), String([$bs])] }
notify { 'joined': message => join([1, undef, File['/x'], 1e20, [2]], ',') }
