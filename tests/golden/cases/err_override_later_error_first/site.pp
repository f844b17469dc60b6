file { '/x': bogus => 1 }
fail('later')
