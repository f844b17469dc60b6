# validate_x509_rsa_key_pair with a key that is no PEM RSA key.
$cert = file('certs/ca.crt')
validate_x509_rsa_key_pair($cert, "-----BEGIN PRIVATE KEY-----\nnot base64\n-----END PRIVATE KEY-----\n")
