# stdlib 8.5's seeded pseudo-random functions (real Puppet 7.23 with Debian's stdlib):
# fqdn_rotate, seeded_rand, seeded_rand_string, fqdn_rand_string, fqdn_uuid; the node is
# web01.example.com, so the values are Ruby's Mersenne Twister's for it.
node default {
  $v0 = fqdn_rotate([1, 2, 3, 4, 5])
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = fqdn_rotate('abcdef')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = fqdn_rotate(['a', 'b', 'c'], 'seed')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = fqdn_rotate([1])
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = seeded_rand(100, 'x')
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = seeded_rand(1000000, 'hello')
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = seeded_rand('50', 'y')
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = seeded_rand_string(8, 'seed')
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = seeded_rand_string(5, 'seed', 'ab')
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = fqdn_rand_string(10)
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = fqdn_rand_string(6, 'xyz')
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = fqdn_rand_string(6, '', 'seed')
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = fqdn_uuid('puppetlabs.com')
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = fqdn_uuid('google.com')
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
}
