# Defaults through inheritance and defines, overrides with +>, collectors that realize and
# override, chains with collectors, a resource-like class, a stage: one catalog, as Puppet 7.23.
File { owner => 'root' }
class base {
  File { group => 'wheel' }
  file { '/b1': }
  notify { 'nb': message => "base ${module_name}" }
}
class child inherits base {
  File['/b1'] { mode => '0600', group +> 'x' }
  file { '/c1': }
  Notify['nb'] { message => 'overridden' }
}
include child
define d ($x = 'dx') {
  file { "/d/${title}": content => $x }
  Exec { path => '/bin' }
  exec { "e-${title}": command => 'true' }
}
d { 'one': }
d { 'two': x => 'given' }
File <| title == '/d/one' |> { mode => '0700' }
Exec <| |> { timeout => 10 }
@file { '/virt': ensure => file, tag => ['virt'] }
File <| tag == 'virt' |>
notify { 'chain1': } -> notify { 'chain2': } ~> notify { 'chain3': }
[Notify['chain1'], Notify['chain2']] -> Notify['chain3']
Notify <| title == 'chain1' |> -> File['/c1']
class { 'resourcelike': p => 5 }
class resourcelike ($p = 1, $q = $p * 2) { notify { "rl ${p} ${q}": } }
node default {
  $node_var = 'n'
  notify { "in node ${node_var}": }
}
stage { 'pre': before => Stage['main'] }
class early { notify { 'early': } }
class { 'early': stage => 'pre' }
