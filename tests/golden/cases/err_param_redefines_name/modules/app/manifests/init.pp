class app(Integer $port = 80, String $name = 'n') {
  notify { 'app': message => "${port} ${name}" }
}
