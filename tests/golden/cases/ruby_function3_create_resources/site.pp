# Resources a Ruby 3.x function makes through function_create_resources: tagged and contained
# as where the function was called (a class, a defined type).
include m
m::d { 'dd': }
