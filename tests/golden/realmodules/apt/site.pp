# real-module case apt (main class), from scripts/real-modules-cases.yaml
include apt
