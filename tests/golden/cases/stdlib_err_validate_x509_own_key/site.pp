# A certificate signed by a CA does not verify with its own key: only the signer's key passes
# (stdlib's validate_x509_rsa_key_pair checks the signature, not that the key pair matches).
$cert = file('certs/leaf_sha384.crt')
validate_x509_rsa_key_pair($cert, file('certs/leaf.key'))
