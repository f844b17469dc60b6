# The namevar written with the title's value is left out of the catalog, as Puppet does.
widget { 'a': name => 'a', size => 1 }
widget { 'b': name => 'bee' }
pair_setting { 'x/y': section => 'x', key => 'y' }
define wrap($path) { widget { $path: name => $path, color => 'green' } }
wrap { 'w': path => '/w' }
