# real-module case ntp-hiera (environment hiera), from scripts/real-modules-cases.yaml
include ntp
