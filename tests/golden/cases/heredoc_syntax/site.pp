$json = @(JSON:json)
  {"a": 1}
  | JSON
notify { 'syn': message => $json }
