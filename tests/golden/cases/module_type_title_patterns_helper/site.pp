# Module types whose title_patterns are computed by Ruby (a helper under lib/puppet_x, a class
# method of the type): Puppet derives the composite namevars from the title.
db_user { 'app@10.0.0.%': password_hash => '*AB12' }
db_user { 'reporting': }
db_grant { 'app::sales': ensure => present, privileges => ['SELECT', 'INSERT'] }
db_grant { 'backup': database => 'all', grant_option => true }
db_grant { 'ops::inventory': user => 'operator' }
notify { 'refs': message => [Db_user['reporting'], Db_grant['app::sales']] }
