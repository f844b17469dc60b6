# A define of the main manifest whose parameter's type names nothing: Puppet resolves the
# types of the main manifest's definitions before evaluating it, so the compile fails here
# although the define is never declared (the notify is never reached).
notify { 'before': }
define app::config (
  String                                 $name_of = 'x',
  Optional[Array[Stdlin::Absolutepath]]  $paths   = undef,
) {
  notify { $title: }
}
