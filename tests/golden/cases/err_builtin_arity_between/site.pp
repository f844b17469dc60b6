$x = regsubst("a")
