#pragma once

#include <cstdint>
#include <mutex>
#include <string>

namespace marionette::paths {

/// One of marionette's loadable modules (marionette-snmp.so, marionette-ruby.so,
/// marionette-augeas.so): the stage that needs it loads it here, with the same search, the same
/// checks and the same reasons when it cannot.
struct ModuleSpec {
  const char* file_name;          ///< found as private_file() finds it
  const char* override_variable;  ///< an environment variable naming another file; nullptr: none
  const char* entry_symbol;       ///< the one symbol the module exports
  const char* package;            ///< the Debian package that holds it, for the user's error
};

/// The module opened (RTLD_NOW | RTLD_LOCAL, kept for the life of the process) and its entry
/// symbol; nullptr when it cannot be, with why in `why_not`: dlerror's text (which names the
/// file) or "PATH has no SYMBOL".
void* module_entry(const ModuleSpec& spec, std::string& why_not);

/// "PATH is of another version of marionette": a module whose ABI version is not ours.
std::string other_version(const ModuleSpec& spec);

/// The table the module's entry function returns (a C struct whose first field is
/// `abi_version`), when it is of `abi_version`; else nullptr, with why in `why_not`.
template <typename Table>
const Table* module_table(const ModuleSpec& spec, std::uint32_t abi_version, std::string& why_not) {
  using Entry = const Table* (*)();
  void* entry = module_entry(spec, why_not);
  if (entry == nullptr) return nullptr;
  const Table* table = reinterpret_cast<Entry>(entry)();
  if (table == nullptr || table->abi_version != abi_version) {
    why_not = other_version(spec);
    return nullptr;
  }
  return table;
}

/// module_table, loaded on the first call and kept for the life of the process (one load per
/// kind of table, whichever stage asks first); later calls give the same table or reason.
template <typename Table>
const Table* shared_module_table(const ModuleSpec& spec, std::uint32_t abi_version,
                                 std::string& why_not) {
  static std::once_flag once;
  static const Table* table = nullptr;
  static std::string reason;
  std::call_once(once, [&] { table = module_table<Table>(spec, abi_version, reason); });
  why_not = reason;
  return table;
}

}  // namespace marionette::paths
