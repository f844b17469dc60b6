$other::x = 1
