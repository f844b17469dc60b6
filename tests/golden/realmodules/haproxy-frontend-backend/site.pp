# real-module case haproxy-frontend-backend (define), from scripts/real-modules-cases.yaml
include haproxy
haproxy::frontend { 'puppet00': ipaddress => '0.0.0.0', ports => '18140', mode => 'tcp' }
haproxy::backend { 'puppet00': options => { 'option' => ['tcplog'], 'balance' => 'roundrobin' } }
