# A double-quoted string that never ends: Puppet reports it after what it read last of the
# string, here the `}` of its last interpolation.
$name = 'x'
notify { 'a':
  message => "value ${name} and the rest,
}
