# The fleet's exported Host resources, declared here: the usual way to collect without a collector.
$hosts = puppetdb_query('resources[certname, title, parameters] { type = "Host" and exported = true order by certname }')
$hosts.each |$found| {
  host { "${found['title']}.collected":
    ip           => $found['parameters']['ip'],
    host_aliases => $found['parameters']['host_aliases'],
    comment      => "exported by ${found['certname']}",
  }
}
notify { 'host count': message => $hosts.length }
