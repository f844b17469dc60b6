notify { 'a': }
notify { 'b': require => Notify['a'] }
notify { 'c': require => [Notify['a']] }
notify { 'd': require => 'Notify[a]' }
notify { 'e': subscribe => [Notify['a'], Notify['b']], before => Notify['f'] }
notify { 'f': }
