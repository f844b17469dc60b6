# real-module case alternatives-set (Ruby type), from scripts/real-modules-cases.yaml
alternatives { 'editor': path => '/usr/bin/vim.basic' }
