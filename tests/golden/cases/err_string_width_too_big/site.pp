$x = 1
notify { "x": message => String($x, "%99999999999d") }
