# A default's tag joins the resource's tags after its type and title; tag() tags the class.
Notify { tag => 'xy' }
notify { 'r': }
class c {
  tag('t1')
  notify { 'in_c': }
}
include c
