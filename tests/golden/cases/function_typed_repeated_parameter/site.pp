# The type of a repeated parameter is each argument's (extlib's mkdir_p:
# `Variant[Stdlib::Absolutepath, Array[Stdlib::Absolutepath]] *$dirs`).
function dirs(Variant[String, Array[String]] *$dirs) >> Array[String] {
  $dirs.flatten
}
notify { 'dirs': message => [dirs('/a'), dirs('/a', ['/b', '/c']), dirs()] }
$each = with(1, 2) |Integer *$n| { $n }
notify { 'lambda': message => $each }
