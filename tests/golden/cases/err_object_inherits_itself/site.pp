# An Object type whose parent is itself is refused where its name is first evaluated, in
# Puppet's words.
type Foo = Object[{parent => Foo, attributes => { a => Integer }}]
notice('before')
$x = Foo.new(1)
