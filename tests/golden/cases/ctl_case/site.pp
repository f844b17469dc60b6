$family = $facts['os']['family']
case $family {
  'RedHat', 'CentOS': { $pkg = 'httpd' }
  /^Deb(.*)$/: { $pkg = "apache2-${1}" }
  default: { $pkg = 'unknown' }
}
$r = case 3 { Integer[1, 2]: { 'low' } Integer[3, 5]: { 'mid' } default: { 'high' } }
$arr = case [1, 2] { [1, 2]: { 'arr-match' } default: { 'no' } }
$none = case 'zzz' { 'a': { 'a' } }
notify { 'case': message => [$pkg, $r, $arr, $none] }
