notify { 'facts are a hash': message => "${facts['no_such_fact']}" }
notify { 'no such class': message => $nosuch::thing }
