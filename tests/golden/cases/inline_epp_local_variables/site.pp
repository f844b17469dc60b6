# inline_epp sees the variables of its caller's scope (rsyslog's `inline_epp('<%= $content %>')`
# in a define); epp() sees only the top scope's, and finds NAME.epp from NAME (rsyslog's
# `epp('rsyslog/global_config')`).
$top = 'T'
define snippet(String $content) {
  $local = "${content}!"
  notify { $title: message => inline_epp('<%= $content %> <%= $local %> <%= $top %> <%= $x %>', { 'x' => 'X' }) }
}
snippet { 's': content => 'C' }
class holder {
  $inside = 'I'
  notify { 'class': message => inline_epp('<%| $y = "Y" |%><%= $inside %> <%= $y %>') }
  notify { 'file': message => epp('holder/plain', { 'p' => 'P' }) }
}
include holder
