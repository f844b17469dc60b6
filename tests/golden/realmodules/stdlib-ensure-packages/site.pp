# real-module case stdlib-ensure-packages (functions), from scripts/real-modules-cases.yaml
ensure_packages(['vim', 'curl'])
ensure_packages({'git' => {'ensure' => 'latest'}})
