# Ruby indexes a UTF-8 String by character, not by byte: slicing, split(''), size and String[n, m]
# all count characters; an ASCII-8BIT String (base64 decode) counts bytes.
$s = 'héllo wörld ✓ 𝄞'
$binary = base64('decode', 'aMOpbGxv')  # "héllo" in ASCII-8BIT
notify { 'slice one': message => $s[1] }
notify { 'slice two': message => $s[2] }
notify { 'slice start count': message => $s[1, 2] }
notify { 'slice from end': message => $s[-3, 3] }
notify { 'slice negative count': message => $s[1, -2] }
notify { 'slice last': message => $s[-1] }
notify { 'slice beyond': message => "[${s[20, 2]}]" }
notify { 'split empty': message => split($s, '') }
notify { 'size': message => String(size($s)) }
notify { 'length': message => String(length($s)) }
notify { 'fits String[15,15]': message => String($s =~ String[15, 15]) }
notify { 'fits String[16]': message => String($s =~ String[16]) }
notify { 'enum assignable': message => String(Enum['héllo'] <= String[5, 5]) }
notify { 'binary size': message => String(size($binary)) }
notify { 'binary fits String[6,6]': message => String($binary =~ String[6, 6]) }
notify { 'binary split': message => String(size(split($binary, ''))) }
notify { 'binary slice': message => String(size($binary[1, 2])) }
notify { 'chars': message => String(size(fqdn_rotate('ab✓'))) }
