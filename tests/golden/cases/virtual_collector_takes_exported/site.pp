# A virtual collector collects exported resources as well, without storeconfigs: they join the
# catalog still marked exported, with its overrides.
@@notify { 'exported': message => 'x' }
@notify { 'virtual': }
@@file { '/tmp/not-collected': }
Notify <| |> { withpath => true }
