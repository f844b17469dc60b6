$min = -9223372036854775807 - 1
$x = 1
notify { "x": message => "${$min / -$x}" }
