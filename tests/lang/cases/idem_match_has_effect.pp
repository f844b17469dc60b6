$x = "abc"
$x =~ /b/
notice($1)
