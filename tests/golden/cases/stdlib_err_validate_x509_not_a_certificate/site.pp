# validate_x509_rsa_key_pair with text that is no PEM certificate.
notify { 'before': }
validate_x509_rsa_key_pair('certificate', 'key')
