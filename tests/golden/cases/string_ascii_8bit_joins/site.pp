# Strings Ruby holds in ASCII-8BIT (what base64's decoding, stdlib::extname's "" and shell_split
# give) through interpolation, join and String(): OpenVox 8's rich catalog writes such a String
# as Binary, and the joined text keeps the first piece's encoding until a piece beyond ASCII
# meets text that has none (Ruby's Array#join, which Puppet's interpolation uses).
$bin = base64('decode', 'YWJj')            # 'abc'
$high = base64('decode', 'w6k=')           # the two bytes of 'é'
$empty = stdlib::extname('.bashrc')
$words = shell_split('one "two three" é')
notify { 'alone': message => "${bin}" }
notify { 'text_first': message => "x${bin}" }
notify { 'binary_first': message => "${bin}x" }
notify { 'binary_then_high': message => "${bin}é" }
notify { 'high_binary_then_text': message => "${high}x" }
notify { 'text_then_high_binary': message => "x${high}" }
notify { 'empty_first': message => "${empty}${bin}" }
notify { 'two': message => "${bin}${bin}" }
notify { 'join_binary_first': message => join([$bin, 'x'], '-') }
notify { 'join_text_first': message => join(['x', $bin], '-') }
notify { 'join_alone': message => join([$bin]) }
notify { 'join_nested': message => join([[$bin], 'x']) }
notify { 'join_binary_separator': message => join(['x', 'y'], $bin) }
notify { 'words': message => $words }
notify { 'string': message => String($bin) }
notify { 'equal': message => $bin == 'abc' }
notify { 'key': message => { $bin => 1 }['abc'] }
notify { 'type': message => String(type($bin)) }
notify { 'in_array': message => [$bin, 1] }
notify { 'in_hash': message => { 'k' => $bin } }
