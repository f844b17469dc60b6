# `${}` in a string: Puppet's lexer gives no token for the closing `}`, so the syntax error is
# at the string's text after it, placed just after the brace.
$base = '/srv'
file { "${}/data":
  ensure => directory,
}
