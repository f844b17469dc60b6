#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// Puppet 7's built-in file.
Descriptor describe_file() {
  return {.name = "file",
          .attributes = {"path",
                         "ensure",
                         "backup",
                         "checksum",
                         "checksum_value",
                         "content",
                         "ctime",
                         "force",
                         "group",
                         "ignore",
                         "links",
                         "mode",
                         "mtime",
                         "owner",
                         "provider",
                         "purge",
                         "recurse",
                         "recurselimit",
                         "replace",
                         "selinux_ignore_defaults",
                         "selrange",
                         "selrole",
                         "seltype",
                         "seluser",
                         "show_diff",
                         "source",
                         "source_permissions",
                         "sourceselect",
                         "target",
                         "type",
                         "validate_cmd",
                         "validate_replacement",
                         "max_files"},
          .properties = {"ensure", "content", "target", "owner", "group", "mode", "mtime", "ctime",
                         "type", "checksum_value", "seluser", "selrole", "seltype", "selrange"},
          .namevar = "path"};
}

}  // namespace marionette::resource_types
