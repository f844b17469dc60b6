# real-module case mysql-client (class), from scripts/real-modules-cases.yaml
include mysql::client
