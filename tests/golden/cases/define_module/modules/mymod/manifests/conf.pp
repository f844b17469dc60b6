define mymod::conf($value = 'none') {
  file { "/etc/mymod/${title}": content => "v=${value}\n" }
}
