class a {
  Notify { message => 'from a' }
  include b
  notify { 'in-a': }
}
class b {
  notify { 'in-b': }
}
include a
notify { 'top': }
