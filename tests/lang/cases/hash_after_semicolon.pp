notice(1);
{ 'k' => 1 }.each |$k, $v| { notice($k) }
