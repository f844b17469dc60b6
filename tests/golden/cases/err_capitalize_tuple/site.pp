# Puppet 7 refuses a mixed array for capitalize: an array literal is a Tuple, whose
# common type (String and Integer) its Iterable[Variant[String, Numeric]] signature refuses.
$c = capitalize(["abc", 1])
notify { "capitalized: ${c}": }
