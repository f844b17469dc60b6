# real-module case dns-zone (define), from scripts/real-modules-cases.yaml
include dns
dns::zone { 'example.com': }
