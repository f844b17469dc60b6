# validate_augeas with tests: a path that matches in the parsed content fails with the message
# given, each test appended to it.
validate_augeas("PermitRootLogin yes\nPort 22\n", 'Sshd.lns', ['$file/Port[.="2222"]', '$file/PermitRootLogin[.="yes"]'], 'root may log in')
