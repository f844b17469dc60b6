# `def rest(first, *others)` without a dispatch needs one argument at least.
notify { 'none': message => rn::rest() }
