#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in filebucket (the compiler knows it; marionette does not apply it).
Descriptor describe_filebucket() {
  return {.name = "filebucket"};
}

}  // namespace marionette::resource_types
