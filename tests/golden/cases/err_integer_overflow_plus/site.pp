$big = 9223372036854775807
notify { "x": message => "${$big + 1}" }
