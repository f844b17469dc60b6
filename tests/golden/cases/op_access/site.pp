$a = [10, 20, 30, 40, 50]
$h = { 'k' => { 'n' => 'v' } }
notify { 'array': message => [$a[0], $a[-1], $a[1, 2], $a[-2, 2], $a[3, -1], $a[10]] }
notify { 'hash': message => [$h['k'], $h['k']['n'], $h['missing'], $h['k', 'x']] }
notify { 'string': message => ['puppet'[0], 'puppet'[1, 3], 'puppet'[-3, 3], 'puppet'[2, -1]] }
