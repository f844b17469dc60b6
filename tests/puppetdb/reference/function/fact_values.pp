# Fact values as PuppetDB types them: integers summed, floats kept, structured facts walked.
$memory = puppetdb_query('facts[certname, value] { name = "memory" order by certname }')
$total = $memory.reduce(0) |$sum, $fact| { $sum + $fact['value']['system']['total_bytes'] }
notify { 'total memory': message => $total }
$load = puppetdb_query('facts[certname, value] { name = "load_average" and certname = "web1.example.com" }')
notify { 'web1 load': message => $load[0]['value'] }
$interfaces = puppetdb_query('fact_contents[certname, path, value] { path ~> ["networking", "interfaces", ".*", "ip"] and certname ~ "^db" order by path }')
$interfaces.each |$row| {
  notify { "ip of ${row['path'][2]}": message => $row['value'] }
}
