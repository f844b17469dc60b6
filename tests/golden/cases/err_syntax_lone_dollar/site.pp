# A `$` without a name is a variable named '' for Puppet's lexer: here a resource's title is
# followed by it instead of `:`, a syntax error at ''.
file { '/tmp/a' $:
  ensure => file,
}
