[1].each |*$rest, $y| { notice($y) }
