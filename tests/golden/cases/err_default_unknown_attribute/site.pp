File { bogus => 1 }
file { '/x': }
