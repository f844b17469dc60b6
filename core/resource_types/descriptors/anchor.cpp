#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// stdlib's anchor, read by the compiler from the module; marionette applies it natively.
Descriptor describe_anchor() {
  return {.name = "anchor", .origin = Origin::module};
}

}  // namespace marionette::resource_types
