# A type alias of an Enum (python's Python::Package::Ensure) given a Boolean: the alias as written.
type Ensure = Enum['absent', 'installed', 'latest', 'present']
class b(Ensure $dev) {}
class { 'b': dev => true }
