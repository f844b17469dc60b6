notify { 'print': message => "${[1, 'a', undef, true]} ${{ 'a' => [1] }} ${Integer[1, 2]} ${/re/} ${File['/x']}" }
notify { 'str': message => [String(1.0), String([1, 'b']), String({ 'a' => undef }), String(undef), String(true), String(Integer)] }
