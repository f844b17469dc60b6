class web { }
include web
$u = undef
notify { 'set to undef is known': message => "${u}" }
notify { 'unknown in a class': message => $web::port }
