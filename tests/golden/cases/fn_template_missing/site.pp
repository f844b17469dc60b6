notify { 'x': message => template('nosuchmodule/x.erb') }
