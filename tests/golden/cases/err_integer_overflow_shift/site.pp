$one = 1
notify { "x": message => "${$one << 100}" }
