# A collector in a lambda whose query names the lambda's parameter: its query is evaluated when
# the compile ends, long after the lambda returned (it crashed marionette until issue 34).
file { ['/etc/a', '/etc/b']: }
['a', 'b'].each |$p| {
  $label = "made_${p}"
  File <| title == "/etc/${p}" |> { tag +> $label }
  File <| title == "/etc/${p}" |> -> notify { "after ${p}": }
}
