# real-module case openstacklib-functions (module Ruby functions), from scripts/real-modules-cases.yaml,
# with more calls: `def f(*args)` without a dispatch, IPAddr with rescue, ERB::Util.url_encode,
# URI::Generic.build, Puppet.debug.
notify { 'transport': message => os_transport_url({'transport' => 'rabbit', 'hosts' => ['h1', 'h2'], 'port' => '5672', 'username' => 'guest', 'password' => 'pw', 'virtual_host' => 'vh', 'ssl' => '1'}) }
notify { 'database': message => os_database_connection({'dialect' => 'mysql+pymysql', 'host' => '127.0.0.1', 'database' => 'nova', 'username' => 'nova', 'password' => 'pw', 'charset' => 'utf8'}) }
notify { 'ipv6 uri': message => String(normalize_ip_for_uri(['::1', '10.0.0.1'])) }
notify { 'default': message => String(is_service_default('<SERVICE DEFAULT>')) }
notify { 'prefix': message => String(inet6_prefix('2001:db8::1')) }
notify { 'transport ipv6': message => os_transport_url({'transport' => 'amqp', 'host' => 'fd00::10', 'port' => 5671, 'ssl' => 'yes', 'query' => {'heartbeat' => '60', 'retry' => 'true'}}) }
notify { 'transport encoded': message => os_transport_url({'transport' => 'rabbit', 'host' => 'mq.example.com', 'username' => 'us er@x/é', 'password' => 'p:w&d%~.-_', 'ssl' => 'false'}) }
notify { 'transport no user': message => os_transport_url({'transport' => 'rabbit', 'hosts' => ['[::2]', '2001:DB8:0:0:1::1', '192.0.2.7', 'mq'], 'password' => 'ignored'}) }
notify { 'database no host': message => os_database_connection({'dialect' => 'sqlite', 'database' => '/var/lib/nova/nova.sqlite'}) }
notify { 'database port extra': message => os_database_connection({'dialect' => 'PostgreSQL', 'host' => 'fe80::1', 'port' => '5432', 'database' => 'keystone', 'username' => 'ks', 'extra' => {'sslmode' => 'require', 'connect_timeout' => '10'}, 'charset' => 'utf8'}) }
notify { 'database user only': message => os_database_connection({'dialect' => 'mysql', 'host' => 'db', 'database' => 'glance', 'username' => 'gl@nce!', 'password' => ''}) }
notify { 'normalize': message => String(normalize_ip_for_uri(['::ffff:192.0.2.1', '[::1]', '1:2:3:4:5:6:7:8', '1::2::3', '01.2.3.4', '1.2.3.256', 'host.example', '', '::', 'fe80::1:2:3:4:5:6'])) }
notify { 'normalize one': message => normalize_ip_for_uri('2001:db8::1:0:0:1') }
notify { 'normalize v4': message => normalize_ip_for_uri('10.1.2.3') }
notify { 'prefix many': message => String(inet6_prefix(['[2001:db8::1]:11211', 'inet6:[::1]:11211', '10.0.0.1:11211', 'memcached', '::1 11211', '1:2:3:4:5:6:1.2.3.4'])) }
notify { 'default other': message => String([is_service_default('x'), is_service_default(5), is_service_default(undef)]) }
