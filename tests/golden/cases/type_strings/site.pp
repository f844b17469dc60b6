notify { 's': message => ['ab' =~ String[1, 2], 'abc' =~ String[1, 2], 'a' =~ Enum['a', 'b'], 'A' =~ Enum['a'], 'x9' =~ Pattern[/\d/, /z/], '' =~ String[1], 'x' =~ NotUndef[String]] }
