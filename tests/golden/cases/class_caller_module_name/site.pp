# $caller_module_name: in a class or defined type, the module of the code that declared it ("" for
# the main manifest), as stdlib's assert_private and modules' own privacy checks read it.
include m1
notify { "top caller=[${caller_module_name}]": }
m2::d { 'top': }
