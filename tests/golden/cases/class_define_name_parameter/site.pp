define d($x = 1) { notify { "d ${title} ${name} ${x}": } }
d { 't': name => 'u' }
d { 'same': name => 'same' }
class c { notify { "c ${title} ${name}": } }
class { 'c': name => 'zz' }
