$x = upcase()
