class info($x = $title) { notify { 'info': message => [$title, $name, $x, $module_name] } }
include info
