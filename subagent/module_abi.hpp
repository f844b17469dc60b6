#pragma once

#include <atomic>
#include <cstddef>

#include "metrics/registry.hpp"
#include "subagent/subagent.hpp"

// The agent loads the subagent (and with it Net-SNMP) as a module, so that every other command
// starts without Net-SNMP's shared libraries. This is the one symbol the module exports; both
// sides are built from the same tree, so they agree on Options and Registry.
//
// The executable links the C++ runtime and spdlog statically and the module links the shared
// ones, so no exception, logger or allocation crosses between them: log messages cross as text
// and a failure as a message.
namespace marionette::subagent {

inline constexpr const char* kModuleFileName = "marionette-snmp.so";
inline constexpr const char* kModuleEntryName = "marionette_subagent_run_v3";

/// Receives the module's log messages: spdlog's level (spdlog::level::level_enum) and the text.
using ModuleLog = void (*)(int level, const char* text, std::size_t size);

/// subagent::run, as the module exports it, its log messages sent to `log`. Returns true once
/// `stop` has stopped it; false when run() failed, with why in `error` (NUL-terminated, cut to
/// `error_size`).
using ModuleEntry = bool (*)(const Options& options, const metrics::Registry& registry,
                             const std::atomic<bool>& stop, ModuleLog log, char* error,
                             std::size_t error_size);

}  // namespace marionette::subagent
