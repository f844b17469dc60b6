$x = !$a and $b or $c in [1] and $d =~ /x/
