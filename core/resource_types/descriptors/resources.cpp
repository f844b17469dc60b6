#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in resources (the compiler knows it; marionette does not apply it).
Descriptor describe_resources() {
  return {.name = "resources", .attributes = {"name", "purge", "unless_system_user", "unless_uid"}};
}

}  // namespace marionette::resource_types
