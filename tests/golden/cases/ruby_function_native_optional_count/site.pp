# rn::defaults takes one to three arguments (Puppet's default dispatcher).
notify { 'four': message => String(rn::defaults(1, 2, 3, 4)) }
