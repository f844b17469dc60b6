notify { 's': message => [strip('  a  '), lstrip('  a  '), rstrip('  a  '), chomp("x\n"), chomp("x\r\n"), chop('abc'), chop("ab\r\n"), strip(['  a', 'b  '])] }
