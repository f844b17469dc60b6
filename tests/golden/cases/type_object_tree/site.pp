# tree_each through Object instances: each instance is a container whose children are its own
# attributes (a parent's are not walked), references only with include_refs.
type Item = Object[{attributes => {
  label => String,
  child => Optional[Item],
  back => { kind => reference, type => Optional[Item], value => undef },
}}]
type Leaf = Object[{parent => Item, attributes => { weight => Integer }}]
$c = Item('c')
$b = Item('b', $c)
$a = Item('a', $b, $c)
$l = Leaf('l', 7)
$all = $a.tree_each.map |$pair| { "${pair[0]}=${pair[1]}" }
$values = $a.tree_each({ include_containers => false, include_refs => true }).map |$pair| { "${pair[0]}=${pair[1]}" }
$leaf = $l.tree_each.map |$pair| { "${pair[0]}=${pair[1]}" }
$wide = [$a, { x => $c }].tree_each({ order => breadth_first, include_containers => false }).map |$pair| { "${pair[0]}=${pair[1]}" }
notify { 'tree': message => [$all, $values, $leaf, $wide, "${Item}"] }
