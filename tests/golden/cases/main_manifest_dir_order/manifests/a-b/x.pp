notify { 'from a-b/x': }
