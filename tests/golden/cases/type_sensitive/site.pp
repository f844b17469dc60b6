$secret = Sensitive('p4ss')
$plain = $secret.unwrap
notify { 'sens': message => [$secret, "${secret}", $plain, $secret =~ Sensitive, $secret =~ Sensitive[String], Sensitive.new(1) =~ Sensitive[Integer]] }
file { '/tmp/secret': content => $secret }
