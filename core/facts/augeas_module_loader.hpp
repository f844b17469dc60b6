#pragma once

#include <string>

#include "augeas/module_abi.h"

namespace marionette::facts {

/// marionette-augeas.so (augeas/module_abi.h), the only code that links libaugeas: loaded on
/// first use and kept for the life of the process, for the augeas fact and the augeas type;
/// nullptr when it cannot be loaded, with why in `why_not`. It is looked for at
/// ../lib/marionette/ from the executable, or where MARIONETTE_AUGEAS_MODULE says (tests).
const marionette_augeas_module* load_augeas_module(std::string& why_not);

}  // namespace marionette::facts
