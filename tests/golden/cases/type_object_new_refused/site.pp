# An Object type's new refuses arguments that neither its init hash nor its positional
# parameters take, listing both as Puppet's dispatcher does.
type Person = Object[{attributes => { name => String, age => { type => Integer, value => 0 } }}]
$p = Person(3)
