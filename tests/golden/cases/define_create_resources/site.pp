define vh($port = 80) { notify { "vh-${title}": message => $port } }
create_resources('vh', { 'a' => { 'port' => 1 }, 'b' => {} }, { 'port' => 99 })
create_resources('file', { '/tmp/cr' => { 'ensure' => 'file' } })
create_resources('@notify', { 'virt' => {} })
