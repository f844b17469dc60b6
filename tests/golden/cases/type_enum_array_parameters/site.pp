# Enum[] takes arrays of strings as well as strings (postgresql's pg_hba_rule does).
$allowed = ['trust', 'md5']
notify { 'assert': message => assert_type(Enum[$allowed], 'md5') }
notify { 'printed': message => String(Enum[['b', 'a'], 'c']) }
notify { 'matches': message => String('c' =~ Enum[['b', 'a'], 'c']) }
