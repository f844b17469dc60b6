
type Port = Integer[1, 65535]
type Endpoint = Struct[{ 'host' => String, 'port' => Port }]
class svc(Port $port = 8080, Endpoint $ep = { 'host' => 'h', 'port' => 1 }) {
  notify { 'svc': message => [$port, $ep, 22 =~ Port, 70000 =~ Port, $ep =~ Endpoint] }
}
include svc
notify { 'alias': message => [Port, Endpoint] }
