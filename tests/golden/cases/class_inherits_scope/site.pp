class parent($p = 'pv') {
  $pvar = 'parent var'
  notify { 'parent': }
}
class kid inherits parent {
  notify { 'kid': message => "${pvar} ${p} ${parent::pvar}" }
}
include kid
