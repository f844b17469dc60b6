# real-module case haproxy (main class), from scripts/real-modules-cases.yaml
include haproxy
