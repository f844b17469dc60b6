# A HOCON data file the hocon gem cannot parse fails the lookup.
notify { 'before': }
$x = lookup('a')
