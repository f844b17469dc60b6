#pragma once

#include <atomic>

#include "metrics/registry.hpp"
#include "subagent/subagent.hpp"

// The agent loads the subagent (and with it Net-SNMP) as a module, so that every other command
// starts without Net-SNMP's shared libraries. This is the one symbol the module exports; both
// sides are built from the same tree, so they agree on Options and Registry.
namespace marionette::subagent {

inline constexpr const char* kModuleFileName = "marionette-snmp.so";
inline constexpr const char* kModuleEntryName = "marionette_subagent_run_v1";

/// subagent::run, as the module exports it. It may throw what run() throws.
using ModuleEntry = void (*)(const Options& options, const metrics::Registry& registry,
                             const std::atomic<bool>& stop);

}  // namespace marionette::subagent
