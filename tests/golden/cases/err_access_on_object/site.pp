# `[]` on an Object type's instance is refused in Puppet's words (its attributes are read with
# a dot), as on the other runtime values.
type Person = Object[{attributes => { name => String }}]
$a = Person('Adam')
notice($a['name'])
