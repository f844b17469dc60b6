notify { 'before': }

  notify { 'x': message => rt::fail(3) }
