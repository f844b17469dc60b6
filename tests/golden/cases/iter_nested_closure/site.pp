$base = 100
$out = [1, 2].map |$x| { [10, 20].map |$y| { $base + $x * $y } }
$fn = [1, 2, 3].map |$x| { $x }.filter |$x| { $x > 1 }.reduce |$a, $b| { $a * $b }
notify { 'nc': message => [$out, $fn] }
