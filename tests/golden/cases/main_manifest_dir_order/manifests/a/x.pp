notify { 'from a/x': }
