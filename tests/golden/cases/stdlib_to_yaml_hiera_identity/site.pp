# Which values are one Ruby object when to_yaml writes them (an alias) and which are two:
# each lookup hands on its own copy of the data (Hiera interpolates it anew), a variable holding
# a lookup's value is that one object; YAML anchors in the data file.
class holder (Array $p) {
  notify { 'parameter': message => to_yaml([$p, $p, lookup('holder::p')]) }
}
include holder
$l = lookup('list')
notify { 'lookups': message => to_yaml([lookup('list'), lookup('list'), $l, $l]) }
$s = lookup('settings')
notify { 'settings': message => to_yaml([$s, $s['nested'], lookup('settings'), $s]) }
notify { 'anchors': message => to_yaml([lookup('anchored'), lookup('also_anchored')]) }
notify { 'facts': message => to_yaml([$facts['os']['release'], $facts['os']['release']]) }
