#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

/// inifile's ini_subsetting, read by the compiler from the module; marionette applies it natively.
Descriptor describe_ini_subsetting() {
  return {.name = "ini_subsetting", .origin = Origin::module};
}

}  // namespace marionette::resource_types
