# validate_augeas of content the lens cannot parse: Augeas's own error in stdlib's message.
validate_augeas("a='unterminated\n", 'Shellvars.lns')
