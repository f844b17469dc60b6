# real-module case chrony (main class), from scripts/real-modules-cases.yaml
include chrony
