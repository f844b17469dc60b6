notify { 'facts': message => "${facts['os']['family']} ${::osfamily} ${os['release']['major']} ${facts['networking']['fqdn']} ${hostname}" }
