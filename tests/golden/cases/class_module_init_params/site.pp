class { 'ntp': servers => ['a.pool', 'b.pool'] }
