# real-module case stdlib-types (data types), from scripts/real-modules-cases.yaml
class check (Stdlib::Absolutepath $p, Stdlib::Port $port, Stdlib::Fqdn $host) {
  notify { "${p} ${port} ${host}": }
}
class { 'check': p => '/var/lib', port => 8080, host => 'example.com' }
