#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// voxpupuli alternatives' alternative_entry, read by the compiler from the module; marionette
/// applies it natively.
Descriptor describe_alternative_entry() {
  return {.name = "alternative_entry", .origin = Origin::module, .lists_instances = true};
}

}  // namespace marionette::resource_types
