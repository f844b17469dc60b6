#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in host.
Descriptor describe_host() {
  return {.name = "host",
          .attributes = {"name", "ensure", "comment", "host_aliases", "ip", "provider", "target"},
          .properties = {"ensure", "ip", "host_aliases", "comment", "target"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
