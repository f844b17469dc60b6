$x = 1
notify { "x": message => Integer.new("12", 99) }
