# The Puppet settings a manifest sees as $settings::NAME, with Puppet's types: those the command
# line sets (puppet-settings) and those derived from them, a few defaults, and a setting that is
# marionette's own (undef, as for Puppet, which has none of that name).
$names = [
  'ssldir', 'certdir', 'privatekeydir', 'hostcert', 'hostprivkey', 'localcacert', 'hostcrl',
  'certname', 'server', 'masterport', 'serverport', 'ca_server', 'ca_port', 'runinterval',
  'splaylimit', 'noop', 'splay', 'tags', 'environment', 'environment_timeout', 'waitforcert',
  'http_connect_timeout', 'http_read_timeout', 'keylength', 'certificate_revocation',
  'dns_alt_names', 'static_catalogs', 'usecacheonfailure', 'show_diff', 'graph', 'log_level',
  'strict', 'strict_variables', 'storeconfigs', 'include_legacy_facts',
  'exclude_unchanged_resources', 'logdest', 'snmp', 'redis_prefix',
]
$names.each |$name| {
  $value = getvar("settings::${name}")
  notify { "settings::${name}":
    message => "${type($value, 'generalized')} ${String($value, '%p')}",
  }
}
notify { 'all_local':
  message => $settings::all_local.filter |$key, $v| { $key =~ /^(ssldir|runinterval|noop|snmp)$/ },
}
