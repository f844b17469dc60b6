#pragma once

#include <filesystem>
#include <string>

#include "subagent/module_abi.hpp"

namespace marionette::cli {

/// Where the subagent module lies: in marionette's private directory (paths/private_file.hpp).
std::filesystem::path snmp_module_path();

/// Loads the subagent module (and Net-SNMP with it) and returns its entry. The module stays
/// loaded until the process ends. Throws std::runtime_error naming the file and the loader's
/// reason when it cannot be loaded.
subagent::ModuleEntry load_snmp_module();

/// Throws UsageError unless `root_oid` is empty or a numeric OID (the root_oid setting).
void check_root_oid(const std::string& root_oid);

}  // namespace marionette::cli
