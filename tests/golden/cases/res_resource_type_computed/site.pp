define app::site($port = 80) {
  notify { "site ${title}": message => $port }
}
$kinds = ['notify', 'app::site']
$kinds.each |$kind| {
  Resource[$kind] { "${kind} one": }
}
Resource['app::site'] { ['a', 'b']: port => 8080 }
Resource[File] {
  default: mode => '0644';
  '/tmp/r1': ensure => file;
  '/tmp/r2': ensure => directory, mode => '0755';
}
$ref = Resource['file', '/tmp/r1']
notify { 'ref': message => "${ref} ${Resource['app::site']}", require => $ref }
$trailing = 'a\\'
notify { 'quote': message => [String([$trailing, "tab\tin"]), "${[File[$trailing]]}"] }
