$h = { 'b' => 2, 'a' => { 'x' => [10, { 'y' => 'deep' }] } }
notify { 'k': message => [keys($h), values($h), $h.dig('a', 'x', 1, 'y'), dig($h, 'a', 'nope', 'y'), $h.dig('b'), get($h, 'a.x.1.y'), get($h, 'a.x.5', 'dflt'), $h.get('b')] }
