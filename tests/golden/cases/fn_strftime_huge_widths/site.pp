$t = Timestamp("2024-01-02T03:04:05 UTC")
notify { "literal": message => strftime($t, "%99999999999d|%-99999999999Y|%d") }
notify { "wide": message => strftime($t, "ab%5500000d").length }
notify { "several": message => strftime($t, "%3d %-5H %_4m %010s").length }
