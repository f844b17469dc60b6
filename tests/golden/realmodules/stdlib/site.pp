# real-module case stdlib (main class and a Ruby type), from scripts/real-modules-cases.yaml
include stdlib
file_line { 'motd': path => '/etc/motd', line => 'hello' }
