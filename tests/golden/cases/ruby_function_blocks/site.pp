# Ruby blocks passed through call_function to Puppet's iteration functions (each, map,
# reduce, filter, with; one or two parameters; nested); a Puppet block handed on by a Ruby
# function; a 3.x function's call_function with a block.
rt::blocks([1, 2, 3]).each |$k, $v| { notify { $k: message => String($v) } }
notify { 'hand on': message => String(rt::hand_on([1, 2]) |$x| { $x + 0.5 }) }
notify { '3x': message => String(rt_blocks3('abc')) }
