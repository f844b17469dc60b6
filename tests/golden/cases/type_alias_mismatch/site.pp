type Port = Integer[1, 65535]
class svc(Port $port) {
  notify { 'p': message => $port }
}
class { 'svc': port => 70000 }
