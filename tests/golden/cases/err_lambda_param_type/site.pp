$r = [1, 2].map |Integer $x, Optional[String] $y = 'd'| { "${x}${y}" }
notify { 'lt': message => $r }
