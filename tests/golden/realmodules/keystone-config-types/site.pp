# keystone's config types, whose attributes its type files make through openstacklib's Ruby
# (no namevar in the file itself): read by running the type files.
keystone_domain_config { 'services::ldap/url': value => 'ldap://x' }
keystone_config { 'DEFAULT/admin_token': value => 'secret', secret => true }
