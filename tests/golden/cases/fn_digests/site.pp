notify { 'd': message => [md5(''), sha1('abc'), sha256('abc'), sha1('')] }
