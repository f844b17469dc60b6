# Puppet 8 cannot write Data (a recursive alias) into a catalog's rich data.
notify { 'plain': message => 'fine' }
notify { 'data': message => [String, Hash[String, Data]] }
