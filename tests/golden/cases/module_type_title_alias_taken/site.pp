widget { 'b': name => 'a' }
widget { 'a': }
