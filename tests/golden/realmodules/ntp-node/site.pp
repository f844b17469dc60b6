# real-module case ntp-node (node definition), from scripts/real-modules-cases.yaml
node default { notify { 'default': } }
node 'node1.example.com' { class { 'ntp': servers => ['ntp.example.com'], iburst_enable => true } }
