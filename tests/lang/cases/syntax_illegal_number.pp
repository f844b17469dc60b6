$x = 3abc
