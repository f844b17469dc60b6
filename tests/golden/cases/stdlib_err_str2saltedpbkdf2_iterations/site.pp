# str2saltedpbkdf2's iterations lie strictly between 40,000 and 70,000.
$x = str2saltedpbkdf2('password', 'saltsalt', 40000)
