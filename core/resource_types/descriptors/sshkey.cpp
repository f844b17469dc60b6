#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in sshkey.
Descriptor describe_sshkey() {
  return {.name = "sshkey",
          .attributes = {"ensure", "type", "key", "host_aliases", "name", "target", "provider"},
          .key_attributes = {"type", "name"},
          .title_patterns = {{"^(.*?)@(.*)$", {"name", "type"}}, {"^([^@]+)$", {"name"}}},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
