# real-module case concat (README example), from scripts/real-modules-cases.yaml
concat { '/etc/c.conf': }
concat::fragment { 'one': target => '/etc/c.conf', content => "x\n", order => '01' }
