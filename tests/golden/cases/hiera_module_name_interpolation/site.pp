# `%{module_name}` in a module's Hiera data is the module of the scope that looks up
# (elasticsearch's init_template), for automatic parameter lookup and lookup() alike.
include svc
notify { 'top': message => lookup('svc::looked') }
