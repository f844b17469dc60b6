#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in service.
Descriptor describe_service() {
  return {.name = "service",
          .attributes = {"name", "ensure", "binary", "control", "enable", "flags", "hasrestart",
                         "hasstatus", "logonaccount", "logonpassword", "manifest", "path",
                         "pattern", "provider", "restart", "start", "status", "stop", "timeout"},
          .properties = {"ensure", "enable", "flags", "logonaccount"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
