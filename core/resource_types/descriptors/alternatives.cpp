#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// voxpupuli alternatives' alternatives, read by the compiler from the module; marionette applies
/// it natively.
Descriptor describe_alternatives() {
  return {.name = "alternatives", .origin = Origin::module, .lists_instances = true};
}

}  // namespace marionette::resource_types
