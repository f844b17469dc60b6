#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in exec.
Descriptor describe_exec() {
  return {.name = "exec",
          .attributes = {"command", "creates", "cwd", "environment", "group", "logoutput", "onlyif",
                         "path", "provider", "refresh", "refreshonly", "returns", "timeout",
                         "tries", "try_sleep", "umask", "unless", "user"},
          .namevar = "command"};
}

}  // namespace marionette::resource_types
