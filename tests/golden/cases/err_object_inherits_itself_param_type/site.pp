# A class parameter typed by a self-inheriting Object type fails at the parameter's type when
# the class is declared, called as a function too.
type Foo = Object[{parent => Foo, attributes => { a => Integer }}]
class c(Optional[Foo] $x = undef) { notice('c') }
include c
