class outer {
  Exec { path => '/bin', cwd => '/tmp' }
  m::probe { 'define in outer': }
  notify { 'outer Exec': message => seen_defaults('Exec', 'user') }
}
class inner {
  Exec { path => '/usr/bin' }
  notify { 'inner Exec': message => seen_defaults('Exec', 'path') }
}
include outer
include inner
notify { 'top Exec': message => seen_defaults('Exec', 'path') }
notify { 'top Service': message => seen_defaults('Service', 'ensure') }
