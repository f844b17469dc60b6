class app(Integer $port = 80, String $label = 'n') {
  notify { 'app': message => "${port} ${label}" }
}
