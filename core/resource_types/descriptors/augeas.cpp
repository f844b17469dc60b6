#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in augeas.
Descriptor describe_augeas() {
  return {.name = "augeas",
          .attributes = {"name", "context", "onlyif", "changes", "root", "load_path", "force",
                         "type_check", "lens", "incl", "show_diff", "returns", "provider"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
