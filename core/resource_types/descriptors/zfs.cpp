#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in zfs (the compiler knows it; marionette does not apply it).
Descriptor describe_zfs() {
  return {.name = "zfs"};
}

}  // namespace marionette::resource_types
