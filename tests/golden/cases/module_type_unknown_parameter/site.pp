widget { 'a': size => 3 }
widget { 'b': shape => 'round' }
