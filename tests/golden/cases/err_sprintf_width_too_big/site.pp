$x = 1
notify { "x": message => sprintf("%-99999999999999999999d", $x) }
