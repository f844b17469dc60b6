#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in mount.
Descriptor describe_mount() {
  return {.name = "mount",
          .attributes = {"name", "ensure", "atboot", "blockdevice", "device", "dump", "fstype",
                         "options", "pass", "provider", "remounts", "target"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
