# str2saltedpbkdf2 wants a salt of at least 8 bytes.
$x = str2saltedpbkdf2('password', 'short', 50000)
