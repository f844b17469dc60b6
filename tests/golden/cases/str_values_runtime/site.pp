$ts = Timestamp('2020-01-01T00:00:00Z')
$sp = Timespan(3)
$sv = SemVer('1.2.3')
$svr = SemVerRange('>=1.0.0')
$bin = Binary('aGVsbG8=')
notify { 'rt': message => ["${[$ts, $sp, $sv, $svr, $bin]}", "${ts} ${sp} ${sv} ${svr} ${bin}", String([$sv, $svr, $bin]), String({ 'k' => $sv }), "${[Sensitive([1])]}", String([Sensitive(1)]), "${[Undef, Default, Regexp[/a/], Pattern[/a\/b/]]}", String([Regexp[/a/], Struct[{ 'a' => Integer }]])] }
