# What module Ruby reaches for beyond the function APIs: Puppet.version, Puppet[:setting],
# Puppet::Util::Execution.execute (with its ExecutionFailure), Puppet::Util::Package.versioncmp,
# Puppet::FileSystem, Puppet::Module.find, Puppet::Util::Json, a helper under lib/puppet_x
# loaded with require, and `require 'puppet/...'` of what Puppet has loaded.
$r = rt::runtime()
$r.each |$k, $v| { notify { $k: message => String($v) } }
