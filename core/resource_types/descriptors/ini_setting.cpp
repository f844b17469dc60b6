#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// inifile's ini_setting, read by the compiler from the module; marionette applies it natively.
Descriptor describe_ini_setting() {
  return {.name = "ini_setting", .origin = Origin::module};
}

}  // namespace marionette::resource_types
