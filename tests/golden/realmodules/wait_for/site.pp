# real-module case wait_for (Ruby type), from scripts/real-modules-cases.yaml
wait_for { 'a_minute': seconds => 60 }
