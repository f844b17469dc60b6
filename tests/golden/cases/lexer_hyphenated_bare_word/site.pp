# A bare word that starts lowercase may hold hyphens (Puppet's ((::)?[a-z_]([\w-]*\w)?)+):
# horizon's `display-name => 'horizon'` hash key is one word. A variable's name holds none, so
# `$a-1` is a minus; a hyphen at a word's end, or after a space, is an operator.
$a = 5
$options = merge({ processes => 2, display-name => 'horizon' }, { x-1 => a--b })
notify { 'options': message => $options }
notify { 'minus': message => [$a-1, $a -1, $a - 1] }
notify { 'words': message => [foo::bar-baz, _a-b, a-B, a-b::c, a-1b, ::a-b, in-x, true-x, a_-_b] }
notify { 'methods': message => [a-b.upcase, a-b[0], foo-bar =~ String, a-b == 'a-b'] }
case display-name {
  display-name: { notify { 'case matched': } }
  default: { notify { 'case missed': } }
}
notify { a-b: }
