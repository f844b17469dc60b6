# A `)` missing in a condition: `grep(...) {` inside empty( ) is a resource body for Puppet's
# grammar, so the syntax error is where that body goes wrong, at the next `{`.
$pipeline = ['cache']
if !empty(grep($pipeline, 'cache') {
  notify { 'cache':
    message => 'x',
  }
}
