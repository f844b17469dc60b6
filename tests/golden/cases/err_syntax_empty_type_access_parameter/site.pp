# An access with nothing in its brackets in a parameter's type is a syntax error at `]`.
define app::instance (
  Optional[] $interval = undef,
) {
  notify { $title: }
}
app::instance { 'a': }
