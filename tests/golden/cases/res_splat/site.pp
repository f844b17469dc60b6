$attrs = { 'ensure' => 'file', 'mode' => '0644', 'owner' => 'root' }
file { '/tmp/splat': * => $attrs, group => 'root' }
$h = { 'message' => 'from hash' }
notify { 'sp': * => $h }
