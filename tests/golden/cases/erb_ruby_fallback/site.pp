# Templates beyond the native ERB engine, rendered by Ruby's own ERB with Puppet's binding.
class rt (
  Hash $config = { 'listen' => [80, 443], 'name' => 'web', 'tls' => true },
  String $address = '192.168.1.77',
  String $command = "echo it's a test",
) {
  notify { 'yaml': message => template('rt/yaml.erb') }
  notify { 'ipaddr': message => template('rt/ipaddr.erb') }
  notify { 'shellwords': message => template('rt/shellwords.erb') }
  notify { 'outer': message => template('rt/outer.erb') }
  notify { 'scope': message => template('rt/scope.erb') }
  notify { 'two': message => template('rt/plain.erb', 'rt/yaml.erb') }
  notify { 'inline': message => inline_template("<%= [@address].to_yaml %>|<%- x = 1 -%>\n<%= x %>") }
}
define rt::site (String $port = '8080') {
  notify { "site ${title}": message => template('rt/site.erb') }
}
include rt
rt::site { 'www': }
