# keystone's types: title patterns computed by its PuppetX::Keystone::CompositeNamevar helper
# (composite namevars name and domain, user/project/domain...), read by running the type files.
keystone_tenant { 'services::Default': ensure => present, enabled => true, description => 'Services' }
keystone_tenant { 'admin': ensure => present }
keystone_user { 'nova::services_domain': ensure => present, email => 'nova@example.com' }
keystone_user { 'admin': ensure => present, enabled => true }
keystone_service { 'keystone::identity': ensure => present, description => 'OpenStack Identity' }
keystone_user_role { 'admin@admin': ensure => present, roles => ['admin'] }
keystone_user_role { 'nova::services_domain@services::Default': ensure => present, roles => ['admin', 'service'] }
keystone_endpoint { 'RegionOne/keystone::identity': ensure => present, public_url => 'http://k:5000', internal_url => 'http://k:5000', admin_url => 'http://k:5000' }
