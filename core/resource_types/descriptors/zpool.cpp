#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in zpool (the compiler knows it; marionette does not apply it).
Descriptor describe_zpool() {
  return {.name = "zpool"};
}

}  // namespace marionette::resource_types
