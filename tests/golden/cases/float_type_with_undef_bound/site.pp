# Float[] takes numbers or default only: an undef bound is an error where it is written.
$f = Float[0.0, $nowhere]
notify { "${f}": }
