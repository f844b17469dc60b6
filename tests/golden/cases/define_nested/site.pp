define inner($v) { notify { "inner-${title}": message => $v } }
define outer($items) {
  $items.each |$i| { inner { "${title}-${i}": v => $i } }
}
outer { 'o1': items => [1, 2] }
outer { 'o2': items => [3] }
