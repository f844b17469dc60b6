notify { 'd': message => [lookup('missing', String, 'first', 'fb'), lookup('missing', { 'default_value' => [1] }), lookup(['nope', 'base']), lookup('missing') || { 'from block' }] }
