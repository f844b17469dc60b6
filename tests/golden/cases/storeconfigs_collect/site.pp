# With storeconfigs, an exported collector collects this node's own exported resources (they stay
# "exported": true in the catalog) and the matching ones other nodes exported (no file or line,
# contained where the collector is); its block overrides both. Uncollected exported resources are
# left out of the agent's catalog but stored (expected-stored.json).
@@notify { 'mine': message => 'local', tag => ['Exp'] }
@@notify { 'other-mine': }
@notify { 'virt': }
class c { Notify <<| tag == 'exp' or title == 'from-b' |>> { withpath => true } }
include c
notify { 'plain': }
@@host { 'web01.example.com': ip => $facts['networking']['ip'], tag => ['fleet'] }
@@file { '/etc/fleet/web01': content => 'web01', tag => 'fleet' }
