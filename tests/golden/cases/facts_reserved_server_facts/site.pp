notify { 'never': message => $server_facts }
