notify { 'r': message => [fqdn_rand(60), fqdn_rand(60, 'cron'), fqdn_rand(1000000), fqdn_rand(10, 1)] }
