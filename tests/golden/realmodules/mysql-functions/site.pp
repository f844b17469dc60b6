# real-module case mysql-functions (module Ruby functions (4.x and 3.x)), from scripts/real-modules-cases.yaml
notify { 'hash4': message => mysql::password('secret') }
notify { 'hash3': message => mysql_password('secret') }
notify { 'hashed stays': message => mysql::password('*14E65567ABDB5135D0CFD9A70B3032C179A49EE7') }
notify { 'strip': message => String(mysql::strip_hash({'a' => 1, 'b' => '', 'c' => undef})) }
