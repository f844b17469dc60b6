# A Timestamp can be added to and subtracted from, nothing else.
$t = Timestamp("2020-01-01T00:00:00Z")
$half = $t / 2
notify { "half: ${half}": }
