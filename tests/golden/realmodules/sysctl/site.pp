# real-module case sysctl (define), from scripts/real-modules-cases.yaml
sysctl::value { 'net.ipv4.ip_forward': value => '1' }
