#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in ssh_authorized_key.
Descriptor describe_ssh_authorized_key() {
  return {.name = "ssh_authorized_key"};
}

}  // namespace marionette::resource_types
