# A `${` whose `}` is missing: Puppet lexes code up to the `}` it finds, so the string's
# closing quote opens another string and the error is an unclosed quote further on.
$parts = ['9', '6']
$version = "${parts[0]${parts[1]}"
$path = "/etc/pki/key-${version}"
notify { 'v':
  message => $path,
}
