notify { 'before': }
$h = {
  'key' => 1,
  'other' => 2,
  "key"
    => 3,
}
notify { 'dup': message => $h }
