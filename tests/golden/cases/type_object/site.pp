# Pcore Object types declared by a manifest: instances made by the type called as a function,
# by new() and by Type.new (positional and init-hash arguments), their attributes, equality,
# matching, printing and types, and a child type that names its parent.
type Person = Object[{attributes => {
  name => String,
  age => { type => Integer, value => 0 },
  father => Optional[Person],
}}]
type Kid = Object[{parent => Person, attributes => { toy => String }}]
type People = Array[Person]
$adam = Person('Adam')
$eve = Person({ name => 'Eve', age => 30 })
$cain = Person.new('Cain', 3, $adam)
$kim = Kid('Kim', 'ball', 3, $adam)
$kay = new(Kid, { name => 'Kay', toy => 'car' })
notify { 'instances':
  message => ["${adam}", "${eve}", String($cain, '%p'), "${kim}", "${[$kay]}", "${ { k => $adam } }"],
}
notify { 'attributes':
  message => [$cain.name, $cain.father.name, $eve.age, $adam.age, $kim.toy, $kim.father.name, $adam.father =~ Undef],
}
notify { 'equality':
  message => [$adam == Person('Adam'), $adam == Person('Adam', 1), Person('x') == Person('X'), Person('x', 0) == Person('x'), $adam != $eve, { $adam => 1 }[Person('Adam')], Person($adam) == $adam],
}
notify { 'matching':
  message => [$adam =~ Person, $kim =~ Person, $adam =~ Kid, $kim =~ Object, $kim =~ Data, $kim =~ RichData, [$adam, $kim] =~ Array[Person], Person =~ Type[Object], Kid < Person, Person < Kid, $adam =~ Optional[Person]],
}
notify { 'types':
  message => ["${Person}", "${Kid}", "${type($kay)}", "${type([$adam, $adam], 'generalized')}", "${type([$adam, $kim], 'generalized')}", "${Array[Person]}", "${People}", "${Type[Person]}", "${[Person]}"],
}
