$t = Timestamp('2023-07-04T05:06:07.123456789Z')
notify { 's': message => [strftime($t, '%Y-%m-%d %H:%M:%S'), $t.strftime('%a %b %e %j %y %p %I %Z'), $t.strftime('%N|%3N|%L|%s'), strftime(Timespan('1-02:03:04'), '%D %H %M %S'), $t.strftime('%F %T', 'UTC')] }
