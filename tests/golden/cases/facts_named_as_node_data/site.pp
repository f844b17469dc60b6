notify { 'trusted': message => $trusted }
notify { 'environment': message => [$environment, $server_facts['environment'], $facts['environment']] }
notify { 'facts trusted': message => $facts['trusted'] }
notify { 'server variables': message => [$serverversion, $servername] }
notify { 'clientcert': message => $clientcert }
