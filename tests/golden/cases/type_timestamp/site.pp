$t = Timestamp('2024-02-29T12:34:56.5 UTC')
$s = Timespan({ 'hours' => 1, 'minutes' => 30 })
notify { 'time': message => [$t, $s, $t + 60, $t.strftime('%Y/%m/%d %H:%M:%S.%L'), $s.strftime('%H:%M'), Timestamp('2024-01-01T00:00:00Z') < $t, Integer($t), Timespan(90).strftime('%M:%S'), Timestamp(0), Timestamp('2024-01-01', '%Y-%m-%d')] }
