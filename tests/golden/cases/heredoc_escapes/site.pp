$a = @("EOT"/tn)
  tab\there
  line\nbreak
  | EOT
$b = @("EOT"/L)
  joined \
  line
  | EOT
$c = @(EOT/$)
  dollar \$x kept
  | EOT
notify { 'esc': message => [$a, $b, $c] }
