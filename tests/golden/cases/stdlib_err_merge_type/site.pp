# merge of a non-empty string: the Puppet 4 function's type mismatch.
notify { 'x': message => merge({}, 'x') }
