#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in whit (the compiler knows it; marionette does not apply it).
Descriptor describe_whit() {
  return {.name = "whit"};
}

}  // namespace marionette::resource_types
