class m2 { notify { "m2 caller=[${caller_module_name}]": } }
