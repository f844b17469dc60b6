# A Variant whose first type is no Enum or Pattern: "a value of type" each, the value's type.
class d(Variant[Integer, Enum['x']] $p) {}
class { 'd': p => 'z' }
