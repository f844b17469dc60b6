# os_database_connection raises Puppet::ParseError with the argument's class (`#{klass}`) in its message.
notify { 'database': message => os_database_connection(['mysql']) }
