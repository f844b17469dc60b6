$h = { 'a' => 1, 'b' => 2 }
notify { 'w': message => [$h.keys, $h.values, $h.map |$k, $v| { [$k, $v] }.convert_to(Hash), $h.filter |$k, $v| { $k == 'a' }.keys] }
