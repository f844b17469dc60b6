# A collector's override of undef: a parameter with a default takes its default again, one
# given a value becomes undef; a resource default of undef gives undef to a parameter without
# default (Optional here, so that it is accepted).
define with_default(String $x = 'default') { notify { "with_default ${title}: ${x}": } }
define without_default(Optional[String] $x) { notify { "without_default ${title}: ${x}": } }
with_default { 'given': x => 'given' }
with_default { 'not_given': }
without_default { 'given': x => 'given' }
With_default <| |> { x => undef }
Without_default <| title == 'given' |> { x => undef }
Without_default { x => undef }
without_default { 'defaulted': }
