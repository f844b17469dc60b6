# Values where marionette differed from Puppet (issue 38), each printed as a string.
class app($port = 8080) {}
include app
notify { 'hi': message => 'yo' }

$values = {
  # Types print an empty size range as [0, 0]; access keys are flattened.
  'hash_empty'      => Hash[0, 0],
  'hash_typed_empty' => Hash[String, Integer, 0, 0],
  'array_empty'     => Array[Integer, 0, 0],
  'type_of_empty'   => type({}),
  'integer_flat'    => Integer[[1, 3]],
  'tuple_flat'      => Tuple[[Integer, String]],
  'slice_flat'      => [1, 2, 3][[0, 1]],
  'substring_flat'  => 'abc'[[1]],
  # versioncmp's ignore_trailing_zeroes (and its "1.10" is "1.1").
  'versioncmp_tz'   => versioncmp('1.0', '1.0.0', true),
  'versioncmp_ten'  => versioncmp('1.10', '1.1', true),
  'versioncmp_rc'   => versioncmp('1.0.0-rc1', '1-rc1', true),
  'versioncmp_plain' => versioncmp('1.0', '1.0.0'),
  # A resource's or a class's parameter by access.
  'notify_message'  => Notify['hi']['message'],
  'notify_many'     => Notify['hi']['message', 'message'],
  'notify_unset'    => Notify['hi']['loglevel'],
  'class_param'     => Class['app']['port'],
  # Ruby's Unicode case mapping.
  'upcase'          => upcase('straße ärger ǆ ﬀ ŉ'),
  'downcase'        => downcase('ÄRGER ÉÉ İ ΣΑΣ ẞ'),
  'capitalize'      => capitalize('ǆemal ärger'),
  'capitalize_e'    => capitalize('éCOLE'),
  'capitalize_ss'   => capitalize('ßa'),
  'capitalize_list' => capitalize(['éa', 'b']),
  # Timespan and Timestamp arithmetic.
  'span_times'      => Timespan(10) * 1.5,
  'span_divided'    => Timespan(10) / 3,
  'span_ratio'      => Timespan(7) / Timespan(2),
  'span_modulo'     => Timespan(10) % 3,
  'number_minus_span' => 2 - Timespan(4),
  'number_times_span' => 2 * Timespan(4),
  'stamp_difference' => Timestamp('2020-01-01T00:00:00Z') - Timestamp('2019-12-31T00:00:00Z'),
  'stamp_plus'      => 2.5 + Timestamp('2020-01-01T00:00:00Z'),
  'span_vs_integer' => Timespan(1.5) > 1,
  'span_vs_float'   => Timespan(1.5) > 1.2,
  'type_vs_value'   => Integer < 1,
  'defaults'        => default <= default,
  # Hash arguments and entries without braces.
  'get_hash'        => get(a => 'x', 'a'),
  'array_pairs'     => [1, foo => 1, bar => 2],
  # Hash.new with a build option; size() of a Binary.
  'hash_tree'       => Hash.new([[['a', 'b'], 1], [['a', 'c'], 2]], 'hash_tree'),
  'binary_size'     => size(Binary('aGk=')),
  # next() and the statement call `next 6` in an if, in a lambda.
  'next_in_if'      => [1, 2].map |$x| { if $x == 1 { next(5) } $x },
  'next_statement'  => [1, 2].map |$x| { if $x == 2 { next 6 } $x },
}
$values.each |$key, $value| {
  notify { "value ${key}": message => String($value) }
}

# Assignment to several variables at once.
[$a, [$b, $c]] = [1, [2, 3]]
[$d, $e] = { 'd' => 4, 'e' => 5 }
[$port] = Class['app']
notify { 'assigned': message => "${a} ${b} ${c} ${d} ${e} ${port}" }

# A typed captures-rest parameter holds each value to the array's element type.
$rest = with(1, 2) |Integer *$numbers| { $numbers }
$defaulted = with() |String *$words = 'hi'| { $words }
notify { 'rest': message => String([$rest, $defaulted]) }
