define m2::d { notify { "d caller=[${caller_module_name}] module=[${module_name}]": } }
