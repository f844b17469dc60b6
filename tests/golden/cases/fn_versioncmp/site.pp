notify { 'v': message => [versioncmp('1.0', '1.0'), versioncmp('1.2.10', '1.2.9'), versioncmp('1.0a', '1.0b'), versioncmp('2', '10'), versioncmp('1.0-1', '1.0')] }
