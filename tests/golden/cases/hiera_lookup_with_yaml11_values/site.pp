# Hiera 5 lookups (merge options, alias, interpolation functions) over YAML 1.1 values as Psych reads them.
$keys = ['pkg', 'list', 'deep', 'num', 'flag', 'aliased', 'aliased_flag', 'interp', 'scoped', 'empty_interp']
$keys.each |$k| { notify { $k: message => String(lookup($k), '%p') } }
notify { 'merged_first': message => String(lookup('list', Array, 'first'), '%p') }
notify { 'merged_hash': message => String(lookup('deep', Hash, 'hash'), '%p') }
notify { 'default': message => lookup('missing', String, 'first', 'dflt') }
notify { 'hiera_array': message => String(hiera_array('list'), '%p') }
