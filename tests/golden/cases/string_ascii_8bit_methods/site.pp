# What Puppet's string functions give for a String Ruby holds in ASCII-8BIT: those made by a
# Ruby String method keep it (upcase, strip, regsubst, split, [] ...), sprintf and String()
# with a format make a new UTF-8 String, and pw_hash's String#crypt gives one (OpenVox 8 writes
# each ASCII-8BIT String as Binary: a user's password from pw_hash too).
$bin = base64('decode', 'IGFCYyA=')  # ' aBc '
notify { 'pw_hash': message => pw_hash('password', 'SHA-512', 'salt') }
notify { 'upcase': message => upcase($bin) }
notify { 'downcase': message => $bin.downcase }
notify { 'capitalize': message => capitalize($bin) }
notify { 'capitalize_array': message => capitalize([$bin, 'x']) }
notify { 'strip': message => strip($bin) }
notify { 'lstrip': message => lstrip($bin) }
notify { 'rstrip': message => rstrip([$bin]) }
notify { 'chomp': message => chomp($bin) }
notify { 'chop': message => chop($bin) }
notify { 'split': message => split($bin, 'B') }
notify { 'split_chars': message => split(strip($bin), '') }
notify { 'regsubst': message => regsubst($bin, 'a', 'x') }
notify { 'regsubst_array': message => regsubst([$bin, 'a'], 'a', 'x') }
notify { 'slice': message => $bin[1,2] }
notify { 'index': message => $bin[1] }
notify { 'sprintf': message => sprintf('%s', $bin) }
notify { 'format': message => String($bin, '%s') }
notify { 'md5': message => md5($bin) }
notify { 'size': message => size($bin) }
user { 'alice': password => pw_hash('secret', 'SHA-512', 'mysalt') }
