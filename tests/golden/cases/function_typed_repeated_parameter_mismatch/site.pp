# A repeated parameter's type is checked on each argument.
function dirs(String *$dirs) { $dirs }
notify { 'dirs': message => dirs('/a', 3) }
