# apache's vhost/_directories.erb pattern: a template sets a Hash with scope.setvar, fills it in
# place, and the template it includes reads it through lookupvar (one Ruby object in Puppet).
define rt::vhost (Array[String] $dirs = ['/a', '/b']) {
  notify { "vhost ${title}": message => template('rt/outer.erb') }
  notify { "after ${title}": message => "set: ${_shared =~ Hash}" }
}
rt::vhost { 'one': }
rt::vhost { 'two': dirs => ['/c'] }
