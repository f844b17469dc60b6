# real-module case postgresql-hba-acls (main class with ACLs turned into pg_hba_rule resources in Ruby), from scripts/real-modules-cases.yaml
class { 'postgresql::globals': version => '15' }
class { 'postgresql::server': ipv4acls => ['host all all 10.0.0.0/8 md5', 'hostssl app app 192.168.0.0/16 scram-sha-256'] }
