# stdlib 8.5's validate_x509_rsa_key_pair: passes when the certificate's signature verifies with
# the key (OpenSSL's X509#verify): a self-signed certificate with its own key, whatever the key's
# PEM form, and certificates signed by the CA with the CA's key, whatever the digest.
$ca = file('certs/ca.crt')
$a = validate_x509_rsa_key_pair($ca, file('certs/ca.key'))
$b = validate_x509_rsa_key_pair($ca, file('certs/ca_pkcs1.key'))
$c = validate_x509_rsa_key_pair($ca, file('certs/ca.pub'))
$d = validate_x509_rsa_key_pair(file('certs/leaf_sha384.crt'), file('certs/ca.key'))
$e = validate_x509_rsa_key_pair(file('certs/leaf_sha512.crt'), file('certs/ca.key'))
$f = validate_x509_rsa_key_pair(file('certs/leaf_sha1.crt'), file('certs/ca.key'))
$g = validate_x509_rsa_key_pair(file('certs/leaf_sha224.crt'), file('certs/ca.key'))
$h = validate_x509_rsa_key_pair("text before\n${ca}text after\n", file('certs/ca.key'))
notify { 'x509': message => [$a, $b, $c, $d, $e, $f, $g, $h] }
