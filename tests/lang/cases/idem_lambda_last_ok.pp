$y = [1, 2].map |$v| { notice($v) $v * 2 }
