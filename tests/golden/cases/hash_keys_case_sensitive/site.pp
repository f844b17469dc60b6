# A hash's keys are compared exactly (Ruby's eql?), though Puppet's == ignores case: literals,
# +, -, group_by and lookups keep 'b' and 'B' apart.
$h = { 'b' => 1, 'B' => 2 }
notify { 'literal': message => String($h) }
notify { 'access': message => String($h['B']) }
notify { 'plus': message => String($h + { 'B' => 3 }) }
notify { 'minus array': message => String($h - ['B']) }
notify { 'minus hash': message => String($h - { 'b' => 0 }) }
notify { 'group_by': message => String(['x', 'X', 'x'].group_by |$v| { $v }) }
notify { 'equal strings': message => String('b' == 'B') }
notify { 'equal hashes': message => String({ 'K' => 1 } == { 'k' => 1 }) }
