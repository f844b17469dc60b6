# openstacklib's openstack_config type has no attribute at all: no key attribute, so no title
# pattern, and every title fails.
openstack_config { 'x': }
