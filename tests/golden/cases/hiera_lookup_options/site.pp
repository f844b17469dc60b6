notify { 'o': message => [lookup('opts'), lookup('pkgs'), lookup('prefix::one')] }
