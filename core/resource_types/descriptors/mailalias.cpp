#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in mailalias.
Descriptor describe_mailalias() {
  return {.name = "mailalias",
          .attributes = {"name", "ensure", "file", "provider", "recipient", "target"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
