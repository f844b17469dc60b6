class web(String $host = $facts['networking']['fqdn'], Integer $port = 80, $docroot = "/var/www/${host}", Array $extra = []) {
  notify { 'web': message => "${host}:${port} ${docroot} ${extra}" }
}
class { 'web': port => 8080 }
