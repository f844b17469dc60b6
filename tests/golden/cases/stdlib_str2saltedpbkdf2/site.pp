# stdlib 8.5's str2saltedpbkdf2: PBKDF2-HMAC-SHA512, 128 bytes, in hex (the examples of its docs).
$a = str2saltedpbkdf2('Pa55w0rd', 'Use a s@lt h3r3 th@t is 32 byt3s', 50000)
$b = str2saltedpbkdf2(Sensitive('Pa55w0rd'), Sensitive('12345678'), 40001)
$c = str2saltedpbkdf2('', 'saltsalt', 69999)
$d = str2saltedpbkdf2('pässwörd', 'sält-ünïcode', 45000)
notify { 'pbkdf2': message => [$a, $b, $c, $d] }
