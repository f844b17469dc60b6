file { '/y': mode => '0644' }
class a { File['/y'] { mode => '0600' } }
include a
