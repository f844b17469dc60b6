notify { 'trusted': message => $trusted }
notify { 'clientcert': message => [$clientcert, $facts['clientcert']] }
