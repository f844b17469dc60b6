# Ruby a template runs that marionette's ERB engine renders itself: Kernel#format as sprintf
# (a `*` width, as nginx's nginx.conf.erb), format and String#%; `[*x]` (snmp's snmpd.conf.erb);
# `k, v = list` (mongodb's mongodb.conf.erb); instance_variables (nginx's server_header.erb).
class kf (
  Hash $settings = { 'worker' => 4, 'timeout' => 2.5 },
  String $label = 'web',
  Optional[Array[String]] $community = ['public', 'private'],
  String $single = 'one',
  Array[String] $pairs = ['a = b', 'c'],
  String $auth_basic_user = 'admin',
  Optional[String] $unset = undef,
) {
  notify { 'rendered': message => template('kf/t.erb') }
}
include kf
