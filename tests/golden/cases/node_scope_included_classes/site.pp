class a { include c }
class c { notify { "c v=${v} t=${t}": } }
class b { notify { "b v=${v}": } }
class d inherits b { notify { "d v=${v}": } }
class e { $z = "ez" include f }
class f { notify { "f v=${v} z=${z}": } }
define dt { notify { "dt ${title} v=${v}": } }
$t = "top"
node default {
  $v = "x"
  include a
  include d
  include e
  dt { "in_node": }
  [1].each |$i| { dt { "in_lambda": } }
}
