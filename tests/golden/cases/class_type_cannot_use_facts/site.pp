# Class parameter types see no variables, $facts included: the access fails on undef.
class c(Enum[$facts['os']['family'], 'x'] $f = 'Debian') {
  notify { "c ${f}": }
}
include c
