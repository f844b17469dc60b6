$a = 1
($a)
notice($a)
