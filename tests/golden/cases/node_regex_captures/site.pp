node /^(\w+)(\d+)\.example\.com$/ { notify { 'caps': message => [$1, $2] } }
