#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in schedule (the compiler knows it; marionette does not apply it).
Descriptor describe_schedule() {
  return {.name = "schedule"};
}

}  // namespace marionette::resource_types
