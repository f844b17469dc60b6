# apache's vhost/_scriptalias.erb pattern: a template changes an Array or Hash it was given in
# place (`aliases << {...}`). In Puppet the template's object is the variable's value: the
# change shows in the variable, in the variables assigned from it, and in the parameter of the
# class or defined type it is bound to; what was copied before (an earlier resource's
# parameter, the caller's variable, another instance's parameter) keeps what it had.
$shared = ['a']
$settings = { 'x' => 1 }
mut::vhost { 'one': aliases => $shared, settings => $settings, nested => [['n']] }
mut::vhost { 'two': aliases => $shared, settings => $settings, nested => [['n']] }
notify { 'caller keeps its own': message => [$shared, $settings] }
include mut
notify { 'read from outside after the template': message => $mut::local }
notify { 'class parameter from outside': message => $mut::listen }
