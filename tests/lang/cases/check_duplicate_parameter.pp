define a(String $x, Integer $y, $x = 1) {}
