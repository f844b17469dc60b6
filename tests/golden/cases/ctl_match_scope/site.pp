$s = 'abc-123'
if $s =~ /(\d+)/ {
  $in = $1
  if 'xyz' =~ /(y)/ { $inner = $1 }
  $after = $1
}
notify { 'scope': message => [$in, $inner, $after] }
