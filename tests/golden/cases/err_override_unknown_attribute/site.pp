file { '/x': }
File['/x'] { bogus => 1 }
