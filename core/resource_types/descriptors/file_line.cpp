#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// stdlib's file_line, read by the compiler from the module; marionette applies it natively.
Descriptor describe_file_line() {
  return {.name = "file_line", .origin = Origin::module};
}

}  // namespace marionette::resource_types
