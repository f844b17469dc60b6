@@notify { 'exp': message => 'exported' }
Notify <<| |>>
notify { 'local': }
