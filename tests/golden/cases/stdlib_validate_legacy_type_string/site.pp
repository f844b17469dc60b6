# validate_legacy with its type given as a string: stdlib parses it with Puppet's TypeParser in
# the calling scope, which Puppet 7.23 refuses (its scope's `load` is private) and Puppet 8 takes.
validate_legacy('Optional[String]', 'validate_string', 'x')
validate_legacy('Variant[Integer, Enum["a"]]', 'validate_string', 'a')
notify { 'validated': }
