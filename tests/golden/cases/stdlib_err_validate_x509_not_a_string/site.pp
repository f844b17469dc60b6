# validate_x509_rsa_key_pair's arguments are strings.
validate_x509_rsa_key_pair(
  'certificate', 42)
