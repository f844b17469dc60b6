file { ['/tmp/a', '/tmp/b']: ensure => directory }
notify { ['x', 'y']: message => 'shared' }
$names = ['p', 'q']
notify { $names: }
