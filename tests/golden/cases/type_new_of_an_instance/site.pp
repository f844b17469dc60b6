# new() given one value that already is of the type gives it back as it is, without calling
# its block; a data type without a function of its own name (Undef, Default, Type) is called
# as its new.
$t = Timestamp('2012-03-04T09:10:11.001')
notify { 'same':
  message => [Undef(undef) =~ Undef, Default(default) == default, "${Type(Any)}", Integer.new(5) |$x| { $x + 1 }, Integer.new('5') |$x| { $x + 1 }, $t == Timestamp($t), String(Any(3))],
}
