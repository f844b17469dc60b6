# An `if` forgotten: the condition's `{` opens a resource body whose title is an expression,
# where Puppet's grammar takes no assignment; the error is at the `=`, not at the `}`.
$enabled = true
$enabled == true {
  $mode = 'on'
}
