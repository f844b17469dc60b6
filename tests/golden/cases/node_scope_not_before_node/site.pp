class c { notify { "c v=${v}": } }
class a { include c }
define dt { notify { "dt ${title} v=${v}": } }
include a
dt { "at_top": }
node default {
  $v = "x"
  include a
}
