# Integer[] takes integers or default only: an undef bound is an error where it is written.
$t = Integer[0, $nowhere]
notify { "${t}": }
