# A resource body right after a resource: Puppet's grammar reads the previous statement as the
# type of a second resource (no syntax error); the evaluation refuses that type.
notify { 'a': }
{ 'b':
  message => 'x',
}
