[1].each |$x| { notice($x) }
{ 'k' => 1 }.each |$k, $v| { notice($k) }
