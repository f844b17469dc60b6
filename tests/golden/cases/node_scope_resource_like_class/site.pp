class c($p = "d") { notify { "c p=${p} v=${v} t=${t}": } }
$t = "top"
node default {
  $v = "x"
  class { "c": p => "given" }
}
