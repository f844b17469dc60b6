$x = "\u{zz}"
notice($x)
