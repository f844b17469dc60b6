# erb_template_changes_variable through Ruby's own ERB (the templates use Ruby beyond the native
# engine: Set): a change in place shows in the variable, its aliases and the parameter it is
# bound to, also through scope.lookupvar and to_hash (the same objects); a 3.x function's
# arguments are copies, so its changes do not.
$shared = ['a']
mutr::vhost { 'one': aliases => $shared, settings => { 'x' => 1 } }
mutr::vhost { 'two': aliases => $shared, settings => { 'x' => 1 } }
notify { 'caller keeps its own': message => $shared }
include mutr
