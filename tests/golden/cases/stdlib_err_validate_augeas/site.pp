validate_augeas("a=b\n", 'Shellvars.lns')
