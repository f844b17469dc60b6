file { '/etc/Some.Conf': }
notify { 'Mixed Case Title': }
notify { 'a-b_c.d': }
