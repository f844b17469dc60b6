# Puppet warns of a key written twice (strict=warning, its default); the last one wins.
$h = {'a' => 1, "a" => 2, a => 3, 1 => 'one', '1' => 'string one'}
notify { 'dup': message => $h }
