#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in zone (the compiler knows it; marionette does not apply it).
Descriptor describe_zone() {
  return {.name = "zone"};
}

}  // namespace marionette::resource_types
