$zero = 0
notify { "x": message => "${10 / $zero}" }
