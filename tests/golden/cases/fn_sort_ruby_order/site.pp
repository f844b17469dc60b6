# sort() is Ruby's Array#sort: strings by their bytes (upper case first), arrays element by
# element then by length, numbers by value; a string sorts its characters.
$pairs = sort({ 'b' => { 'x' => 1 }, 'a' => { 'y' => 2 }, 'C' => { 'z' => 3 } }.map |$k, $v| { [$k, $v] })
notify { 'pairs': message => $pairs }
notify { 'strings': message => sort(['export ERL_INETRC', 'NODE_PORT', 'LC_ALL', 'abc', 'Abd', '_x', 'a']) }
notify { 'arrays': message => sort([[2, 'a'], [1, 'b', 'c'], [1, 'b'], [1, 'a'], []]) }
notify { 'numbers': message => sort([3, 1.5, -2, 10, 2]) }
notify { 'chars': message => sort('hEllO wörld') }
notify { 'lambda': message => sort(['b', 'C', 'a']) |$x, $y| { compare($x, $y) } }
