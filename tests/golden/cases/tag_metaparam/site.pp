class web::server { notify { 'inweb': tag => ['Custom', 'second'] } }
include web::server
notify { 'top': tag => 'single' }
define my::def { notify { "d-${title}": } }
my::def { 'x': tag => 'deftag' }
