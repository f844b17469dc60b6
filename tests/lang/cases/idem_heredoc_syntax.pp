$a = @(END:json)
  {"a": 1}
  END
@(END:json)
  {}
  END
notice($a)
