#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in selmodule (the compiler knows it; marionette does not apply it).
Descriptor describe_selmodule() {
  return {.name = "selmodule"};
}

}  // namespace marionette::resource_types
