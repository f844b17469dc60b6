$x = 1
notify { "x": message => strftime(Timestamp("2024-01-02T03:04:05 UTC"), "%5500000d") }
