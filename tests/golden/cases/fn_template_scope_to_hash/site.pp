$top_level = 'visible'
rotate::rule { 'messages': path => '/var/log/messages', compress => true, rotate => 7 }
rotate::rule { 'apache': path => ['/var/log/apache2/a.log', '/var/log/apache2/b.log'], missingok => false, create_mode => '0640' }
