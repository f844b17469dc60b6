notify { [['a'], [], [['b', 'c']]]: message => 'm' }
$none = []
notify { $none: }
file { [['/tmp/x', '/tmp/y']]: ensure => file }
