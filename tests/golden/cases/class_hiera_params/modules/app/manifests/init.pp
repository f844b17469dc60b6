class app(Integer $port = 80, Array $names = [], $unset = 'dflt') {
  notify { 'app': message => [$port, $names, $unset] }
}
