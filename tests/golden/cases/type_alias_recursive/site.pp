
type Tree = Variant[Integer, Array[Tree]]
type Json = Variant[ScalarData, Undef, Array[Json], Hash[String, Json]]
notify { 'rec': message => [1 =~ Tree, [1, [2, [3]]] =~ Tree, [1, ['x']] =~ Tree, { 'a' => [1, { 'b' => undef }] } =~ Json, { 1 => 2 } =~ Json] }
