@@file { '/tmp/exported': ensure => file, tag => 'exp' }
@@notify { 'exp-note': }
notify { 'normal': }
