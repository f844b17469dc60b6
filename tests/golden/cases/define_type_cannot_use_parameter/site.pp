# A parameter type cannot use another parameter: Puppet evaluates the types before binding any.
define limited(Integer $max, Integer[0, $max] $n, Enum['on', 'off'] $state = 'on') {
  notify { "${title} ${n} of ${max} ${state}": }
}
limited { 'a': max => 10, n => 9 }
limited { 'b': max => 3, n => 2, state => 'off' }
limited { 'c': max => 5, n => 5 }
