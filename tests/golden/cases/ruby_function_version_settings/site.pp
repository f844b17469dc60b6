# A module's Ruby function sees the version of the Puppet whose behaviour the compile follows
# (Puppet.version) and the compile's strictness (Puppet[:strict], Puppet[:strict_variables]).
rv::runtime().each |$k, $v| { notify { $k: message => $v } }
