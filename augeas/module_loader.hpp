#pragma once

// marionette-augeas.so as the stages that use it load it (the augeas fact, the augeas type):
// through paths' one module loader, once per process.

#include <string>

#include "augeas/module_abi.h"
#include "paths/loadable_module.hpp"

namespace marionette::augeas {

inline constexpr paths::ModuleSpec kModule{MARIONETTE_AUGEAS_MODULE_FILE,
                                           "MARIONETTE_AUGEAS_MODULE", MARIONETTE_AUGEAS_ENTRY,
                                           "marionette-augeas"};

/// marionette-augeas.so (module_abi.h), the only code that links libaugeas: loaded on first use
/// and kept for the life of the process; nullptr when it cannot be loaded, with why in
/// `why_not`. It is looked for at ../lib/marionette/ from the executable, or where
/// MARIONETTE_AUGEAS_MODULE says (tests).
inline const marionette_augeas_module* load_module(std::string& why_not) {
  return paths::shared_module_table<marionette_augeas_module>(
      kModule, MARIONETTE_AUGEAS_ABI_VERSION, why_not);
}

}  // namespace marionette::augeas
