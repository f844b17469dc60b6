# $trusted is Puppet's own: a class cannot assign it either (named without its $ there).
class app {
  $trusted = 1
}
include app
