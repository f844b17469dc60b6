#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in package.
Descriptor describe_package() {
  return {.name = "package",
          .attributes = {"name",
                         "ensure",
                         "adminfile",
                         "allow_virtual",
                         "allowcdrom",
                         "category",
                         "command",
                         "configfiles",
                         "description",
                         "enable_only",
                         "flavor",
                         "install_only",
                         "install_options",
                         "instance",
                         "mark",
                         "package_settings",
                         "platform",
                         "provider",
                         "reinstall_on_refresh",
                         "responsefile",
                         "root",
                         "source",
                         "status",
                         "uninstall_options",
                         "vendor"},
          .lists_instances = true};
}

}  // namespace marionette::resource_types
