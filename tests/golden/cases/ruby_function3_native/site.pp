# 3.x module functions (newfunction) of the shapes modules write them in, which marionette runs
# in its Ruby subset: arguments as Puppet hands them to 3.x functions, values back, `return`,
# lookupdefaults, a statement function.
notify { 'shape': message => r3_shape(undef, [undef, 1, 'a'], {'k' => undef, 'n' => 2.5}, 3, -7, 'str', true, false) }
notify { 'shape one': message => r3_shape('') }
notify { 'rules':
  message => r3_rules(['host web 10.0.0.1 ssl verify', 'local db x', 'peer all 192.168.0.0/16'], 'main', 7),
}
notify { 'rules start as text': message => r3_rules(['host a 1.2.3.4'], 'x', '12') }
notify { 'tag plain': message => r3_tag('plain') }
notify { 'tag dollars': message => r3_tag('pa$$word') }
notify { 'tag last dollar': message => r3_tag('cost$') }
notify { 'onoff':
  message => [r3_onoff(true), r3_onoff(false), r3_onoff(undef), r3_onoff('TRUE'), r3_onoff('False'),
              r3_onoff('mail'), r3_onoff(8), r3_onoff([1, 'true']), r3_onoff({'a' => 1})],
}
class defaults_seen {
  Exec { path => '/bin', cwd => '/tmp' }
  notify { 'exec path': message => r3_has_default('exec', 'path') }
  notify { 'exec user': message => r3_has_default('exec', 'user') }
  notify { 'file mode': message => r3_has_default('file', 'mode') }
}
include defaults_seen
notify { 'top exec path': message => r3_has_default('exec', 'path') }
r3_level('warn ssl:info')
$level = r3_level('debug')
notify { 'statement value': message => "<${level}>" }
