notify { 's': message => [$server_facts['environment'], $server_facts =~ Hash] }
