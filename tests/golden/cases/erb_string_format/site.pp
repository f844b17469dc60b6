# `String#%` (Kernel#format) in an ERB template (saz's limits.erb): the template goes to Ruby's ERB.
$user = 'root'
$kind = 'nofile'
$value = 1024
$number = 3.14159
notify { 'limits': message => template('fmt/limits.erb') }
