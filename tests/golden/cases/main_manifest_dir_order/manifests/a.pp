notify { 'from a.pp': }
