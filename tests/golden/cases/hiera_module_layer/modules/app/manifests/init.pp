class app(Integer $port, String $name_tag) {
  notify { 'app': message => "${port} ${name_tag}" }
}
