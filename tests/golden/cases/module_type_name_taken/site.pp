widget { 'a': size => 3 }
widget { 'b': name => 'a' }
