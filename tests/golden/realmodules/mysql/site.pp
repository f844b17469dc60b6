# real-module case mysql (main class), from scripts/real-modules-cases.yaml
include mysql::server
