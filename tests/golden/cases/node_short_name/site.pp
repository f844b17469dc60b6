node 'web01' { notify { 'short': } }
node default { notify { 'default': } }
