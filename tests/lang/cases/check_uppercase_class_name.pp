class Foo::Bar {}
