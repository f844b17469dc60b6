$a = Timestamp('2024-03-01T00:00:00 UTC')
$b = Timestamp('2024-02-28T12:00:00 UTC')
$span = $a - $b
notify { 'ta': message => [$span, $span.strftime('%D %H:%M'), $a > $b, $a - 3600, Timespan(1.5), Timespan(120) + Timespan(30), Timespan(60) < Timespan(61), Timestamp(86400.25), $a == Timestamp('2024-03-01T00:00:00.000 UTC'), $a =~ Timestamp, $span =~ Timespan, type($span, 'generalized'), Timespan('02:00:00'), Timestamp('2024-03-01 10:11:12 +01:00')] }
