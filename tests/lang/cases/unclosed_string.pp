$x = 1
notice("abc)
