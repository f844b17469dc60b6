# Functions a module ships in Ruby (4.x with dispatches, optional and block parameters,
# call_function back into Puppet; 3.x newfunction with lookupvar and function_*), and values
# crossing into Ruby and back.
$rt_local = 'top'
notify { 'greet': message => rt::greet('bob') }
notify { 'greet twice': message => rt::greet('bob', 2) }
notify { 'greet number': message => String(rt::greet(21)) }
notify { 'echo': message => String(rt::echo([1, 2.5, 'x', undef, true, {'a' => [1, -7]}, default, 9223372036854775807])) }
notify { 'echo types': message => String(rt::echo([File['/x'], Integer[1, 2], Optional[String]])) }
notify { 'echo sensitive': message => String(rt::echo(Sensitive('s'))) }
notify { 'classes': message => rt::classes([1, 2.5, 'x', undef, true, {'a' => 1}, default, /re/]) }
notify { 'callback': message => String(rt::callback(['a', 'b']) |$x| { "<${x}>" }) }
notify { 'old undef': message => rt_old(undef, 'x') }
notify { 'old nested undef': message => rt_old([undef], 'x') }
notify { 'echo timestamp': message => String(rt::echo(Timestamp('2024-01-01T00:00:00Z'))) }
notify { 'echo binary': message => String(rt::echo(Binary('aGk='))) }
$same = rt::echo({'k' => [1, 'two', 3.0]})
if $same == {'k' => [1, 'two', 3.0]} { notify { 'round trip equal': } }
notify { 'return early': message => rt_ret(1) }
notify { 'return late': message => rt_ret(2) }
notify { 'template text': message => rt_template_text('rt/hello.txt') }
notify { 'no template': message => rt_template_text('rt/absent.txt') }
notify { 'regexp back': message => String(rt::echo(/a+b/)) }
if 'xaab' =~ rt::echo(/a+b/) { notify { 'regexp still matches': } }
notify { 'largest integer back': message => rt::echo(9223372036854775807) }
notify { 'float back': message => rt::echo(-0.125) }
