# `pick$config, ...)`: a `(` missing makes a comma-separated list of statements, which Puppet
# refuses at its first comma before the syntax error at `)`.
$config = undef
$file = pick$config, '/etc/default.cfg')
notify { $file: }
