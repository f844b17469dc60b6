notify { 't': message => [$trusted['certname'], $trusted['hostname'], $trusted['domain'], $trusted['extensions'], $clientcert, $environment] }
