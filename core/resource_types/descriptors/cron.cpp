#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in cron.
Descriptor describe_cron() {
  return {.name = "cron",
          .attributes = {"name", "ensure", "command", "environment", "hour", "minute", "month",
                         "monthday", "provider", "special", "target", "user", "weekday"},
          .properties = {"ensure", "command", "special", "minute", "hour", "weekday", "month",
                         "monthday", "environment", "user", "target"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
