# The module's other file is never loaded: its unknown types are not looked at. The types of the
# loaded file's definitions resolve (a module's own type alias, a resource type, a class).
class app (
  Optional[App::Port] $port = undef,
  Optional[Type[File]] $kind = undef,
) {
  notify { 'app': }
}
define app::d (Variant[App::Port, Class[app]] $p = 1) { }
