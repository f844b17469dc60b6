# annotate() takes an Object type inheriting Annotation; any other type is refused.
notify { 'before': }
$x = annotate(String, 'abc', {})
