# Without storeconfigs an exported collector collects nothing: not the virtual resources, not this
# node's exported ones, and its overrides are not applied.
@notify { 'virtual': }
@@notify { 'exported': }
notify { 'plain': }
Notify <<| |>> { message => 'overridden' }
