#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// concat's concat_fragment, read by the compiler from the module; marionette applies it natively.
Descriptor describe_concat_fragment() {
  return {.name = "concat_fragment", .origin = Origin::module};
}

}  // namespace marionette::resource_types
