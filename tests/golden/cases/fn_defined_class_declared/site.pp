# defined(Class[...]) is true once a class is declared, not because the modulepath has it.
include a::worker
notify { 'known but not declared': message => defined(Class['a::event']) }
notify { 'declared': message => defined(Class['a::worker']) }
notify { 'declared, capitalised': message => defined(Class['A::Worker']) }
notify { 'declared, leading colons': message => defined(Class['::a::worker']) }
notify { 'name only': message => defined('a::event') }
