$type = 'notify'
Resource[$type] { 'dyn': message => 'dynamic' }
Resource['file'] { '/tmp/dynfile': ensure => file }
