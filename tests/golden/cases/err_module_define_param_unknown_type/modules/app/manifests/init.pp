# Loaded for `include app`: Puppet resolves the parameter types of every definition of the file
# as it loads it, so app::helper's unknown type fails the compile although nothing declares it.
class app {
  notify { 'app': }
}
define app::helper (
  Optional[Stdlin::Absolutepath] $path = undef,
) {
  notify { $title: }
}
