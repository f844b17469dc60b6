# An answer with no rows, a subquery, and a count over a whole endpoint.
$none = puppetdb_query('nodes[certname] { certname = "no-such-node.example.com" }')
notify { 'none': message => $none.empty }
$with_apache = puppetdb_query('nodes[certname] { certname in resources[certname] { type = "Package" and title = "apache" } order by certname }')
notify { 'apache nodes': message => $with_apache.map |$n| { $n['certname'] }.join(',') }
$active = puppetdb_query('nodes[count()] { }')
notify { 'active nodes': message => $active[0]['count'] }
