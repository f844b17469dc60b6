File['/y'] { mode => '0644' }
file { '/y': }
