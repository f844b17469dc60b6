notify { 'm': message => [lookup('list'), lookup('list', Array, 'unique'), lookup('opts'), lookup('opts', Hash, 'hash'), lookup('opts', Hash, 'deep'), lookup('list', { 'merge' => 'unique' })] }
