# An override on a reference spreads a hash with `* =>`, as a resource declaration does, beside
# ordinary attributes, with the type given as a variable.
class base {
  file { '/tmp/a': ensure => file, mode => '0644' }
  notify { 'base': message => 'declared' }
}
class sub inherits base {
  $t = 'file'
  $changes = { 'mode' => '0600', 'owner' => 'root' }
  Resource[$t]['/tmp/a'] { * => $changes }
  Notify['base'] { * => { 'message' => 'overridden' }, withpath => true }
}
include sub
