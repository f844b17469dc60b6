define app::thing($x = 1) { notify { "thing-${title}": message => $x } }
app::thing { 'one': }
App::Thing { x => 5 }
app::thing { 'two': }
notify { 'refs': message => [App::Thing['one'], Resource['app::thing', 'two']] }
