#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in selboolean (the compiler knows it; marionette does not apply it).
Descriptor describe_selboolean() {
  return {.name = "selboolean"};
}

}  // namespace marionette::resource_types
