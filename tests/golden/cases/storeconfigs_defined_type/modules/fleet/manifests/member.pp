define fleet::member(String $address, Integer $port = 80) {
  notify { "member ${title}": message => "${address}:${port}" }
}
