#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in tidy (the compiler knows it; marionette does not apply it).
Descriptor describe_tidy() {
  return {.name = "tidy", .namevar = "path"};
}

}  // namespace marionette::resource_types
