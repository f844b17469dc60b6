file { "/tmp/x": * => $a, * => $b }
