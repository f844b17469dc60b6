# A selector binds more loosely than arithmetic, comparisons, `=~` and `in`, and more tightly
# than `and` / `or`.
notify { 'plus': message => 1 + 2 ? { 3 => 'sum', default => 'selector first' } }
notify { 'times': message => 2 * 3 ? { 6 => 'product', default => 'selector first' } }
notify { 'equal': message => 1 == 1 ? { true => 'comparison', default => 'selector first' } }
notify { 'less': message => 1 < 2 ? { true => 'comparison', default => 'selector first' } }
notify { 'modulo': message => "${5 % 3 ? { 2 => 'remainder', default => 'selector first' }}" }
notify { 'negated': message => - 1 ? { -1 => 'negation', default => 'selector first' } }
notify { 'in': message => 'a' in ['a'] ? { true => 'membership', default => 'selector first' } }
notify { 'match': message => 'abc' =~ /b/ ? { true => 'match', default => 'selector first' } }
notify { 'and': message => true and false ? { false => 'and first', default => 'selector' } }
notify { 'chained': message => 1 ? { 1 => 2, default => 3 } ? { 2 => 'left to right', default => 'no' } }
$x = 'a'
notify { 'not': message => !$x ? { false => 'not first', default => 'selector first' } }
3.each |$i| {
  notify { "each ${i}": message => $i % 3 ? { 0 => 'zero', default => undef } }
}
