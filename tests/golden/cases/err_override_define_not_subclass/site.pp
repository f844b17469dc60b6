define d() { file { "/${title}": } }
d { 'q': }
File['/q'] { mode => '0600' }
