# real-module case translate (module Ruby function), from scripts/real-modules-cases.yaml
notify { 'greeting': message => translate('Hello, %{name}', {'name' => 'world'}) }
