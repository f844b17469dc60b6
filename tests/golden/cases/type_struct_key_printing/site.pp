# A Struct's key is printed with NotUndef or Optional only when its value type does not already
# say it: NotUndef['e'] => Undef stays, NotUndef['f'] => String is 'f', Optional['g'] =>
# Optional[String] is 'g', Optional['k'] => String stays.
$s = Struct[{NotUndef[e] => Undef, NotUndef[f] => String, Optional[g] => Optional[String], h => Optional[String], i => Any, NotUndef[j] => Optional[Integer], Optional[k] => String}]
notify { 'keys': message => ["${s}", String($s)] }
