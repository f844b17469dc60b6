$big = 1e308
notify { "x": message => "${$big * 10}" }
