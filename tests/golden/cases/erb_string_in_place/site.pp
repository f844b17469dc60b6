# In-place String methods in an ERB template (mongodb's mongodb.conf.erb: `k, v = v.split(':')`
# then `k.strip!`): Ruby's strings are objects, so a change shows through every name for the
# string (another local, an array's element, a block's parameter); the bang methods answer nil
# when nothing changed; a frozen string raises FrozenError. Strings made by the template only
# A String of Puppet's changed in place is Ruby's (the engine hands such a template to the
# embedded Ruby): an interpolated one is not frozen.
$set_parameter = ['enableLocalhostAuthBypass: false', 'maxConns = 100', ' plain ']
notify { 'set_parameter': message => template('inplace/mongodb.erb') }
notify { 'returns': message => template('inplace/returns.erb') }
notify { 'aliases': message => template('inplace/aliases.erb') }
notify { 'frozen': message => template('inplace/frozen.erb') }
# prometheus' prometheus.yaml.erb: `require 'yaml'`, then to_yaml of a hash the template builds.
$global = { 'scrape_interval' => '15s', 'external_labels' => { 'env' => 'prod' } }
notify { 'yaml': message => template('inplace/yaml.erb') }
$x = ' a'
$interpolated = "${x}b "
notify { 'puppet': message => template('inplace/puppet.erb') }
