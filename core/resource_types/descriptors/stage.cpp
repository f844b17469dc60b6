#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in stage (the compiler knows it; marionette does not apply it).
Descriptor describe_stage() {
  return {.name = "stage", .attributes = {"name"}};
}

}  // namespace marionette::resource_types
