if $facts { 1 }
notice(1)
