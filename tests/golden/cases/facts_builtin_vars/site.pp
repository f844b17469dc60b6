notify { 'b': message => [$module_name, $caller_module_name, $name, $title] }
class cls { notify { 'c': message => [$title, $name] } }
include cls
