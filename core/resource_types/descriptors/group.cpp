#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in group.
Descriptor describe_group() {
  return {.name = "group",
          .attributes = {"name", "ensure", "allowdupe", "attribute_membership", "attributes",
                         "auth_membership", "forcelocal", "gid", "ia_load_module", "members",
                         "provider", "system"},
          .properties = {"ensure", "gid", "members", "attributes"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
