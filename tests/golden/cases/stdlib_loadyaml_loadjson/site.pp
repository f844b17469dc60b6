$dir = get_module_path('loaddata')
$yaml = loadyaml("${dir}/files/data.yaml")
$json = loadjson("${dir}/files/data.json")
$with_default = loadyaml("${dir}/files/nope.yaml", { 'fallback' => true })
$json_default = loadjson("${dir}/files/nope.json", 'fallback')
$none = loadyaml("${dir}/files/nope.yaml")
notify { 'yaml': message => $yaml }
notify { 'json': message => $json }
notify { 'with_default': message => $with_default }
notify { 'json_default': message => $json_default }
notify { 'none': message => "none is ${none =~ Undef}" }
notify { 'ports': message => $yaml['ports'] + $json['ports'] }
