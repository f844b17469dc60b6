# A parameter's type may use a top-scope variable; the same type serves every instance.
$limit = 5
define limited(Integer[0, $limit] $n, Enum['on', 'off'] $state = 'on') {
  notify { "${title} ${n} ${state}": }
}
limited { 'a': n => 5 }
limited { 'b': n => 2, state => 'off' }
limited { 'c': n => 0 }
