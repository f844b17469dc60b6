mymod::conf { 'x': value => 1 }
mymod::conf { 'y': }
