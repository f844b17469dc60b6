class m1 { notify { "m1 caller=[${caller_module_name}] ${type($caller_module_name)}": } m2::d { 'x': } include m2 }
