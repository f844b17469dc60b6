class x {}
class y {}
class z {}
include x, y
include [z]
include '::x'
notify { 'classes': message => [defined(Class['x']), defined(Class['z'])] }
