# The `}` closing the first interpolation was deleted: Puppet's lexer reads the rest of the
# file as that interpolation's code (strings swap with code from there on). A backslash, a
# character with no token, does not stop it: it reads on to the end of the file, where a string
# is left open, and that is the error.
$parts = ['8', '4']
$version = "${parts[0]${parts[1]}"
$path = "/etc/pki/key-${version}"
notify { 'repo': message => "https://example.com/${version}/\$arch-\$basearch" }
notify { 'proxy': message => $path }
