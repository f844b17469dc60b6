# sshkey's title patterns (sshkeys_core): NAME@TYPE sets name and type, a declared type wins over
# the title's, a title without @ is the name alone.
sshkey { 'a@ssh-rsa': key => 'AAAA' }
sshkey { 'b': key => 'BBBB', type => 'ssh-ed25519' }
sshkey { 'c@ssh-dss': key => 'CCCC', type => 'ssh-rsa' }
sshkey { 'd@e@ssh-ed25519': key => 'DDDD' }
notify { 'x': require => Sshkey['a@ssh-rsa'] }
