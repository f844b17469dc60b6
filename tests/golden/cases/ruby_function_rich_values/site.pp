# Puppet's rich values as module Ruby receives them: a 4.x function gets Sensitive, Binary,
# Timestamp, Timespan, SemanticPuppet::Version and type objects (instance?, to_s, type_name,
# title); a 3.x function gets resource references as Puppet::Resource and Binary, Timestamp,
# Timespan and SemVer as their texts. rt::probe and rt_probe3 describe what they got.
$vals = [Sensitive('s'), Binary('aGk='), Timestamp('2024-01-01T00:00:00Z'), Timespan(3.5), Integer[1,2], Optional[String], File['/x'], Class['foo'], Enum['a','b'], Pattern[/a/], SemVer('1.2.3'), Struct[{a=>Integer, Optional[b]=>String}], Resource['file'], Type[String]]
$vals.each |$i, $v| {
  notify { "p${i}": message => rt::probe($v) }
  notify { "q${i}": message => rt_probe3($v) }
}
# instance? through the host's type check, and values coming back unchanged.
notify { 'instance': message => rt::is_a(Integer[1, 5], [3, 9, 'x']) }
$back = rt::roundtrip([Binary('aGk='), Timestamp('2024-01-01T00:00:00.5Z'), Timespan(-2), SemVer('1.2.3-rc.1+b7'), File['/y'], Integer[0, default], Sensitive('k')])
notify { 'back types': message => String($back.map |$x| { type($x, generalized) }) }
notify { 'back values': message => $back[0, 6].map |$x| { "${x}" }.join(' ; ') }
if $back[6] =~ Sensitive { notify { 'back sensitive': message => $back[6].unwrap } }
notify { 'made in ruby': message => rt::make().map |$x| { "${x}" }.join(' ; ') }
