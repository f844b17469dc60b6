# Without storeconfigs an exported collector collects nothing, so its relationship names nothing.
@@notify { 'e': tag => 'x' }
notify { 'plain': tag => 'x' }
Notify <<| tag == 'x' |>> -> notify { 'after': }
