# is_service_default is `def is_service_default(*args)` without a dispatch: Puppet calls it with any
# number of arguments, and it raises its own error for two.
notify { 'default': message => String(is_service_default('a', 'b')) }
