# As err_unclosed_quote_after_interpolation, the last thing read being an interpolated
# $variable: Puppet names it and places the error after it.
$dir = '/srv'
file { "${dir}/a/$dir/b:
  ensure => file,
}
