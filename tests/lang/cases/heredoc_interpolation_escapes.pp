$n = 1
$x = @("END"/tn)
  a\tb ${n}\n
  END
notice($x)
