#include "cli/snmp_module.hpp"

#include <stdexcept>
#include <string>

#include "cli/arguments.hpp"
#include "paths/loadable_module.hpp"
#include "paths/private_file.hpp"
#include "subagent/oid.hpp"

namespace marionette::cli {

std::filesystem::path snmp_module_path() {
  return paths::private_file(subagent::kModuleFileName);
}

subagent::ModuleEntry load_snmp_module() {
  // In the marionette package itself: a broken installation when it cannot be loaded.
  static constexpr paths::ModuleSpec kSnmpModule{subagent::kModuleFileName, nullptr,
                                                 subagent::kModuleEntryName, "marionette"};
  std::string why_not;
  void* entry = paths::module_entry(kSnmpModule, why_not);
  if (entry == nullptr)
    throw std::runtime_error("cannot load the SNMP subagent module: " + why_not);
  return reinterpret_cast<subagent::ModuleEntry>(entry);
}

void check_root_oid(const std::string& root_oid) {
  if (!root_oid.empty() && !subagent::parse_oid(root_oid))
    throw UsageError(
        "--root-oid must be a numeric OID such as .1.3.6.1.4.1.8072.9999.9999.4242, not '" +
        root_oid + "'");
}

}  // namespace marionette::cli
