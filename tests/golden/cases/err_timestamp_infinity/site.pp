$x = 1
notify { "x": message => "${Timestamp(1e300)}" }
