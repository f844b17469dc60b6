# real-module case postgresql-functions (module Ruby functions (4.x, 3.x shims)), from scripts/real-modules-cases.yaml
notify { 'password': message => postgresql::postgresql_password('u', 'p') }
notify { 'password3': message => postgresql_password('u', 'p') }
notify { 'escape': message => postgresql::postgresql_escape("it's") }
notify { 'acls': message => String(postgresql::postgresql_acls_to_resources_hash(['local all postgres ident', 'host all all 10.0.0.0/8 md5'], 'main', 150)) }
