node default { notify { 'default-node': } }
notify { 'top': }
