# An error raised in a defined type's body, declared from site.pp: Puppet wraps it in the
# Resource Statement that declared the resource.
define wrapper::inner($value) {
  $checked = assert_type(Integer, $value)
  notify { "inner ${title}": message => $checked }
}
notify { 'before': }
wrapper::inner { 'x': value => 'not a number' }
