#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// concat's concat_file, read by the compiler from the module; marionette applies it natively.
Descriptor describe_concat_file() {
  return {.name = "concat_file", .origin = Origin::module};
}

}  // namespace marionette::resource_types
