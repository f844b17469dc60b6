# stdlib 8.5's catalog functions (real Puppet 7.23 with Debian's stdlib): ensure_packages,
# ensure_resource(s), defined_with_params, getparam, stdlib::str2resource, assert_private from
# inside its module, load_module_metadata.
package { 'declared': ensure => 'installed' }
ensure_packages(['declared', 'curl'])
ensure_packages('wget', { 'ensure' => 'present' })
ensure_packages({ 'git' => { 'ensure' => 'latest' }, 'htop' => {} }, { 'ensure' => 'present' })
ensure_resource('user', ['alice', 'bob'], { 'ensure' => 'present' })
ensure_resource('user', 'alice', { 'ensure' => 'present' })
ensure_resources('group', { 'staff' => { 'gid' => 50 }, 'ops' => {} }, { 'ensure' => 'present' })
file { '/tmp/x': ensure => 'file', mode => '0644' }
$checks = {
  'dwp1' => defined_with_params(File['/tmp/x'], { 'mode' => '0644' }),
  'dwp2' => defined_with_params(File['/tmp/x'], { 'mode' => '0600' }),
  'dwp3' => defined_with_params('Package[curl]', { 'ensure' => 'installed' }),
  'dwp4' => defined_with_params('Package[none]'),
  'dwp5' => defined_with_params(User['bob']),
  'gp1'  => getparam(File['/tmp/x'], 'mode'),
  'gp2'  => getparam(File['/tmp/x'], 'owner'),
  'gp3'  => getparam(Package['nothere'], 'ensure'),
  'gp4'  => getparam('File[/tmp/x]', 'ensure'),
  's2r'  => stdlib::str2resource('File[/tmp/x]'),
  'meta' => load_module_metadata('privmod')['name'],
  'meta2' => load_module_metadata('privmod', true)['version'],
}
$checks.each |$k, $v| { notify { "check ${k}": message => $v } }
include privmod
