node /^web\d+/ { notify { 'regex': message => $0 } }
node 'web01.example.com' { notify { 'exact': } }
node default { notify { 'default': } }
