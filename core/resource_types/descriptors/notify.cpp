#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in notify.
Descriptor describe_notify() {
  return {.name = "notify", .attributes = {"name", "message", "withpath"}};
}

}  // namespace marionette::resource_types
