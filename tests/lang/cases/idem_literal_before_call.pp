$x = 1
42
notice($x)
