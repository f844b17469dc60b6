# A type name that is no data type, alias or resource type: Puppet's 'Resource type not found'.
class q(Array[Stdlib::Nosuch] $x = []) { notify { "q ${x}": } }
include q
