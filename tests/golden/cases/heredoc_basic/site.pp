$who = 'ops'
$plain = @(END)
  raw text $who
  second
  END
$interp = @("END")
    hello ${who}
      indented
    END
$trimmed = @(END)
text without newline
|- END
notify { 'heredocs': message => [$plain, $interp, $trimmed] }
