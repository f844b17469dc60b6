# The main manifest's define names a module's define in a parameter's type: resolving it loads that
# module file, whose other definitions' parameter types are resolved as it loads.
define local::thing (Optional[Type[App::Thing]] $kind = undef) { }
notify { 'main': }
