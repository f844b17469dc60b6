# stdlib 8.5's functions about the node and its facts, and its odds and ends (real Puppet
# 7.23 with Debian's stdlib): fact, os_version_gte, has_interface_with, has_ip_address,
# has_ip_network, stdlib::ip_in_range, try_get_value, glob, deprecation, sprintf_hash.
node default {
  $v0 = fact('os.family')
  notify { 'e0': message => { 'v' => $v0, 't' => String(type($v0, 'generalized')), 's' => "${v0}" } }
  $v1 = fact('networking.fqdn')
  notify { 'e1': message => { 'v' => $v1, 't' => String(type($v1, 'generalized')), 's' => "${v1}" } }
  $v2 = fact('os.nosuch.deeper')
  notify { 'e2': message => { 'v' => $v2, 't' => String(type($v2, 'generalized')), 's' => "${v2}" } }
  $v3 = fact('processors.models.0')
  notify { 'e3': message => { 'v' => $v3, 't' => String(type($v3, 'generalized')), 's' => "${v3}" } }
  $v4 = os_version_gte('Debian', '11')
  notify { 'e4': message => { 'v' => $v4, 't' => String(type($v4, 'generalized')), 's' => "${v4}" } }
  $v5 = os_version_gte('Debian', '13')
  notify { 'e5': message => { 'v' => $v5, 't' => String(type($v5, 'generalized')), 's' => "${v5}" } }
  $v6 = os_version_gte('Ubuntu', '1')
  notify { 'e6': message => { 'v' => $v6, 't' => String(type($v6, 'generalized')), 's' => "${v6}" } }
  $v7 = has_interface_with('lo')
  notify { 'e7': message => { 'v' => $v7, 't' => String(type($v7, 'generalized')), 's' => "${v7}" } }
  $v8 = has_interface_with('eth7')
  notify { 'e8': message => { 'v' => $v8, 't' => String(type($v8, 'generalized')), 's' => "${v8}" } }
  $v9 = has_interface_with('ipaddress', '10.0.0.21')
  notify { 'e9': message => { 'v' => $v9, 't' => String(type($v9, 'generalized')), 's' => "${v9}" } }
  $v10 = has_interface_with('ipaddress', '10.9.9.9')
  notify { 'e10': message => { 'v' => $v10, 't' => String(type($v10, 'generalized')), 's' => "${v10}" } }
  $v11 = has_ip_address('10.0.0.21')
  notify { 'e11': message => { 'v' => $v11, 't' => String(type($v11, 'generalized')), 's' => "${v11}" } }
  $v12 = has_ip_network('10.0.0.0')
  notify { 'e12': message => { 'v' => $v12, 't' => String(type($v12, 'generalized')), 's' => "${v12}" } }
  $v13 = has_ip_network('192.168.0.0')
  notify { 'e13': message => { 'v' => $v13, 't' => String(type($v13, 'generalized')), 's' => "${v13}" } }
  $v14 = stdlib::ip_in_range('10.0.0.21', '10.0.0.0/24')
  notify { 'e14': message => { 'v' => $v14, 't' => String(type($v14, 'generalized')), 's' => "${v14}" } }
  $v15 = stdlib::ip_in_range('10.0.1.21', ['192.168.0.0/16', '10.0.0.0/255.255.255.0'])
  notify { 'e15': message => { 'v' => $v15, 't' => String(type($v15, 'generalized')), 's' => "${v15}" } }
  $v16 = stdlib::ip_in_range('fd00::21', 'fd00::/8')
  notify { 'e16': message => { 'v' => $v16, 't' => String(type($v16, 'generalized')), 's' => "${v16}" } }
  $v17 = try_get_value({'a' => {'b' => [1, 2]}}, 'a/b/1')
  notify { 'e17': message => { 'v' => $v17, 't' => String(type($v17, 'generalized')), 's' => "${v17}" } }
  $v18 = try_get_value({'a' => 1}, 'x/y', 'dflt')
  notify { 'e18': message => { 'v' => $v18, 't' => String(type($v18, 'generalized')), 's' => "${v18}" } }
  $v19 = try_get_value({'a' => {'b' => 3}}, 'a:b', undef, ':')
  notify { 'e19': message => { 'v' => $v19, 't' => String(type($v19, 'generalized')), 's' => "${v19}" } }
  $v20 = try_get_value('text', 'a')
  notify { 'e20': message => { 'v' => $v20, 't' => String(type($v20, 'generalized')), 's' => "${v20}" } }
  $v21 = glob('/nonexistent-dir-for-marionette/*')
  notify { 'e21': message => { 'v' => $v21, 't' => String(type($v21, 'generalized')), 's' => "${v21}" } }
  deprecation('mykey', 'my message')  # its value is Puppet's log object
  $v22 = 'after deprecation'
  notify { 'e22': message => { 'v' => $v22, 't' => String(type($v22, 'generalized')), 's' => "${v22}" } }
  $v23 = sprintf_hash('%<a>s and %<b>05d', {'a' => 'x', 'b' => 42})
  notify { 'e23': message => { 'v' => $v23, 't' => String(type($v23, 'generalized')), 's' => "${v23}" } }
}
