# stdlib::str2resource gives the declared resource itself (a Puppet::Resource): it prints
# unquoted, in collections too; its type is its reference's; it matches what the reference
# matches (not String); relationships, the relationship metaparameters and the catalog take it
# as the reference.
file { '/tmp/x': ensure => file }
$r = stdlib::str2resource('File[/tmp/x]')
notify { 'as-is': message => $r }
notify { 'interpolated': message => "x${r}y" }
notify { 'in-array': message => String([$r, 'y']) }
notify { 'in-hash': message => String({ 'k' => $r }) }
notify { 'type': message => String(type($r)) }
notify { 'generalized': message => String(type($r, 'generalized')) }
notify { 'tuple': message => String(type([$r])) }
notify { 'matches': message => [$r =~ String, $r =~ Type, $r =~ Type[File], $r =~ Type[Package]] }
notify { 'case':
  message => $r ? { Type[File] => 'a file', String => 'a string', default => 'other' },
}
notify { 'equal': message => [$r == $r, $r in [$r]] }
notify { 'array-param': message => [$r, 'y'] }
notify { 'after': require => $r }
notify { 'chained': }
$r -> Notify['chained']
