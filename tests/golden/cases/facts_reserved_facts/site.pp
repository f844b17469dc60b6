notify { 'never': message => $facts['kernel'] }
