#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in yumrepo (the compiler knows it; marionette does not apply it).
Descriptor describe_yumrepo() {
  return {.name = "yumrepo"};
}

}  // namespace marionette::resource_types
