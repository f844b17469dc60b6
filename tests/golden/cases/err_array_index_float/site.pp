# An array index must be an Integer: Puppet names the type it got.
$a = [1, 2]
notify { "second: ${a[1.0]}": }
