class c { $v = 'cv' }
include c
$top = 'tv'
notify { 'g': message => [getvar('top'), getvar('c::v'), getvar('nope'), getvar('nope', 'dflt'), getvar('facts.os.family'), defined('$top'), defined('$c::v'), defined('$nope')] }
