widget { 'a': color => 'red' }
widget { 'b': size => 3 }
