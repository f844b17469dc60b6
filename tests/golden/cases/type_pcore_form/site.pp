# Type values in a catalog: Puppet 7 writes their strings, Puppet 8's rich data Pcore's objects.
type Port = Integer[1, 65535]
notify { 'scalars': message => [Any, Scalar, ScalarData, Numeric, Integer, Integer[default, 5], Integer[0], Float[0.5, 1.5], Float[1], String, String[1], String[0, 3], String[0], Boolean, Regexp, Regexp[/a+/], Pattern[/a/, /b/], Pattern['c'], Enum['b', 'a', 'b'], Undef, Default, NotUndef, NotUndef[String], Optional['x']] }
notify { 'collections': message => [Array, Array[String], Array[Any, 1], Array[Integer, 1, 3], Array[String, 0], Hash, Hash[String, Scalar], Hash[String, Integer, 1], Hash[Any, Any, 0, 2], Hash[String, Any], Tuple[String, Integer, 1, 2], Tuple, Tuple[String, 2], Collection, Collection[1, 2], Iterable, Iterable[String], Iterator[Integer], Variant[String, Integer], Optional[Integer], Optional, Type, Type[String]] }
notify { 'struct': message => [Struct[{a => Integer, Optional[b] => String, c => Optional[String], d => Any, f => Variant[Undef, Integer], h => Scalar, NotUndef[j] => Optional[Integer]}], Struct] }
notify { 'callable': message => [Callable, Callable[String], Callable[String, 1, 2], Callable[[String], Integer], Callable[0, 0, Callable], Callable[1, default]] }
notify { 'rich': message => [Sensitive, Sensitive[Integer], Timespan, Timespan['0-00:00:00.0', '0-00:00:10.0'], Timespan['1-00:00:00.0'], Timestamp, Timestamp['2020-01-01T00:00:00.000000000 UTC'], SemVer, SemVer['>=1.0.0', '<0.5.0'], SemVerRange, Binary] }
notify { 'resources': message => [Resource['file', '/a'], Type[File['/a']], Class[main], Type[Class[x]], Type[File], Type[Resource]] }
notify { 'alias': message => [Port, Type[Port]] }
notify { 'others': message => [Runtime, Runtime['ruby', 'String'], Init, Init[Integer], Init[String, 1], URI, URI[{scheme => 'http'}]] }
notify { 'inferred': message => [type('ab'), type(['a', 1]), type({ 'k' => 'v' }), type(true), type(/r/), type(2.5)] }
