# type(value, 'generalized'), as Puppet 7.23 infers and generalizes: items reduced to their common
# type (Numeric, ScalarData, Scalar, Data, RichData), strings' lengths kept when they differ.
notify { 'g0': message => String(type(1, 'generalized')) }
notify { 'g1': message => String(type(1.5, 'generalized')) }
notify { 'g2': message => String(type('abc', 'generalized')) }
notify { 'g3': message => String(type('', 'generalized')) }
notify { 'g4': message => String(type(true, 'generalized')) }
notify { 'g5': message => String(type(undef, 'generalized')) }
notify { 'g6': message => String(type(default, 'generalized')) }
notify { 'g7': message => String(type(/x/, 'generalized')) }
notify { 'g8': message => String(type([], 'generalized')) }
notify { 'g9': message => String(type({}, 'generalized')) }
notify { 'g10': message => String(type([1], 'generalized')) }
notify { 'g11': message => String(type([1, 2], 'generalized')) }
notify { 'g12': message => String(type([1, 2.5], 'generalized')) }
notify { 'g13': message => String(type([1, 'a'], 'generalized')) }
notify { 'g14': message => String(type(['a', 'bb'], 'generalized')) }
notify { 'g15': message => String(type(['a', 'b'], 'generalized')) }
notify { 'g16': message => String(type(['abc'], 'generalized')) }
notify { 'g17': message => String(type([1, undef], 'generalized')) }
notify { 'g18': message => String(type([undef], 'generalized')) }
notify { 'g19': message => String(type([true, false], 'generalized')) }
notify { 'g20': message => String(type([true, 1], 'generalized')) }
notify { 'g21': message => String(type([[1], [2, 3]], 'generalized')) }
notify { 'g22': message => String(type([[1], ['a']], 'generalized')) }
notify { 'g23': message => String(type([1, [2]], 'generalized')) }
notify { 'g24': message => String(type([{a => 1}], 'generalized')) }
notify { 'g25': message => String(type([1, {a => 1}], 'generalized')) }
notify { 'g26': message => String(type([Integer, String], 'generalized')) }
notify { 'g27': message => String(type([/a/, /b/], 'generalized')) }
notify { 'g28': message => String(type([1, /a/], 'generalized')) }
notify { 'g29': message => String(type([default], 'generalized')) }
notify { 'g30': message => String(type({a => 1}, 'generalized')) }
notify { 'g31': message => String(type({a => 1, b => 'x'}, 'generalized')) }
notify { 'g32': message => String(type({a => 1, bb => 2}, 'generalized')) }
notify { 'g33': message => String(type({1 => 'a'}, 'generalized')) }
notify { 'g34': message => String(type({a => [1]}, 'generalized')) }
notify { 'g35': message => String(type({a => undef}, 'generalized')) }
notify { 'g36': message => String(type({a => {b => 1}}, 'generalized')) }
notify { 'g37': message => String(type(Integer, 'generalized')) }
notify { 'g38': message => String(type(Integer[1, 2], 'generalized')) }
notify { 'g39': message => String(type(String[1], 'generalized')) }
notify { 'g40': message => String(type(Array[Integer], 'generalized')) }
notify { 'g41': message => String(type(Optional[String], 'generalized')) }
notify { 'g42': message => String(type(Enum['a', 'b'], 'generalized')) }
notify { 'g43': message => String(type(Sensitive('x'), 'generalized')) }
notify { 'g44': message => String(type(Resource['file'], 'generalized')) }
notify { 'g45': message => String(type(File['/tmp'], 'generalized')) }
notify { 'g46': message => String(type([1.5, 2.5], 'generalized')) }
notify { 'g47': message => String(type([1, 1.5, 'a'], 'generalized')) }
notify { 'g48': message => String(type(['a', 1, true, 1.5], 'generalized')) }
notify { 'g49': message => String(type([[1, 'a']], 'generalized')) }
notify { 'g50': message => String(type([Integer, 1], 'generalized')) }
notify { 'g51': message => String(type(Timespan(1), 'generalized')) }
notify { 'g52': message => String(type(Binary('aGk='), 'generalized')) }
