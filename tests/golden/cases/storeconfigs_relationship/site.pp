# An exported collector in a relationship names what it collected: the node's own exported
# resources and other nodes', not the resources of the catalog its query would match.
@@notify { 'e': tag => 'x' }
notify { 'plain': tag => 'x' }
Notify <<| tag == 'x' |>> -> notify { 'after': }
