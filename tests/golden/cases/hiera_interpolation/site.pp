notify { 'i': message => [lookup('greeting'), lookup('copy'), lookup('aliased'), lookup('lit'), lookup('scoped'), lookup('tr')] }
