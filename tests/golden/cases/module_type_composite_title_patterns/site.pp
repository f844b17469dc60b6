link_entry { '/usr/bin/vim.basic': link => '/usr/bin/vim', priority => 10 }
link_entry { 'tool:/usr/bin/tool': }
link_entry { 'win:C:\\bin\\x': }
link_entry { 'named': name => 'other' }
