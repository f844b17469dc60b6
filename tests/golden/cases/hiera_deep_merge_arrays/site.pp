notify { 'deep': message => [lookup('top', Array, 'deep'), lookup('h', Hash, 'deep')] }
notify { 'unique': message => lookup('top', Array, 'unique') }
notify { 'hash': message => lookup('h', Hash, 'hash') }
