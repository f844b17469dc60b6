# The AST query language, as a Puppet array: nodes by name, resources counted by type.
$web = puppetdb_query(['from', 'nodes', ['extract', ['certname'], ['~', 'certname', '^web']], ['order_by', ['certname']]])
notify { 'web nodes': message => $web.map |$n| { $n['certname'] } }
$counts = puppetdb_query(['from', 'resources', ['extract', [['function', 'count'], 'type'], ['=', 'exported', true], ['group_by', 'type']]])
$counts.sort |$a, $b| { compare($a['type'], $b['type']) }.each |$row| {
  notify { "exported ${row['type']}": message => $row['count'] }
}
$failed = puppetdb_query('nodes[certname, latest_report_status] { latest_report_status = "failed" }')
notify { 'failed nodes': message => $failed }
