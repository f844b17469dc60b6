# real-module case ntp (main class, module hiera), from scripts/real-modules-cases.yaml
include ntp
