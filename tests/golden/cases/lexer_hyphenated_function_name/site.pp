# A hyphenated bare word is a String to Puppet, which no function is named by.
$x = foo-bar(1)
