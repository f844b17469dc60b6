# Nodes chosen by a fact, with another fact of each: the inventory endpoint in PQL.
$debian = puppetdb_query('inventory[certname, facts.os.release.major] { facts.os.family = "Debian" order by certname }')
$debian.each |$node| {
  notify { "debian ${node['certname']}":
    message => "release ${node['facts.os.release.major']}",
  }
}
file { '/etc/debian-nodes':
  content => $debian.map |$node| { $node['certname'] }.join("\n"),
}
