define php::config(String $value = 'v') {
  notify { "config ${title}": message => $value }
}
