# epp() of a template that is not there, with or without `.epp`: Puppet's words.
notify { 'x': message => epp('nomod/missing') }
