# Types shipped in a module's lib/puppet/type, read without Ruby.
widget { 'a': size => 3, color => 'red', ensure => present, provider => 'ruby' }
widget { 'b': name => 'bee', before => Widget['a'] }
pair_setting { 'main/k': value => 3 }
pair_setting { 'a/b': section => 'x', value => 4, ensure => absent }
pair_setting { 'main/k2': section => 'main', key => 'k' }
if defined('widget') and defined(Pair_setting) { notify { 'types are defined': } }
Widget { color => 'blue' }
widget { 'c': }
notify { 'after bee': require => Widget['bee'] }
