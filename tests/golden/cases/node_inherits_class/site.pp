class base { notify { 'base': } }
node default { include base notify { 'n': require => Class['base'] } }
