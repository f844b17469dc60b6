# Hiera 5's hocon_data data_hash, levels of HOCON and YAML together.
$values = {
  'servers'  => lookup('ntp.servers'),
  'ntp'      => lookup('ntp'),
  'motd'     => lookup('site::motd'),
  'port'     => lookup('site.port'),
  'settings' => lookup('settings', Hash, 'deep'),
  'role'     => lookup('role'),
  'yaml'     => lookup('from_yaml'),
}
$values.each |$k, $v| { notify { $k: message => $v } }
