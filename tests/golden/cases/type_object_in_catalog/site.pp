# An Object type's instance as a resource's attribute: Puppet 7 writes its string, OpenVox 8
# its rich data (the type's name and the attributes that are not at their default).
type Person = Object[{attributes => { name => String, age => { type => Integer, value => 0 }, father => Optional[Person] }}]
notify { 'o': message => Person('Cain', 3, Person('Adam')) }
