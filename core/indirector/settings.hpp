#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/agent_config.hpp"
#include "facts/facts.hpp"

namespace marionette::facts {
class LazyCustomFacts;
}

namespace marionette::indirector {

/// What termini read: the settings themselves (the base, so a setting a terminus reads is a
/// field of config::AgentConfig and nowhere else: statedir for client_data/, client_yaml/ and
/// last_run_report.yaml, facts for facts/yaml, external_dir for facts/native, redis and
/// redis_prefix for the redis termini, storeconfigs for catalog/compiler's exported resources)
/// and what only termini have.
struct TerminusSettings : config::AgentConfig {
  /// facts/native's external fact directories; empty: Facter's defaults, then external_dir.
  std::vector<std::filesystem::path> external_dirs;
  /// facts/native's custom fact directories, read before $FACTERLIB's (the agent's
  /// pluginsynced $vardir/lib/facter).
  std::vector<std::filesystem::path> custom_dirs;
  std::chrono::milliseconds redis_timeout{2000};
  std::size_t report_history = 10;       ///< report/redis: reports kept per node
  std::chrono::seconds enc_timeout{30};  ///< node/exec: the classifier is killed after it
  facts::Warn warn;                      ///< unreadable external facts, broken caches
  /// facts/native: when set, the custom facts are not resolved: the facts found are the native
  /// and external ones, and this receives what resolves the custom ones as a local compile
  /// reads them (facts::LazyCustomFacts; none when there are no fact files).
  std::shared_ptr<facts::LazyCustomFacts>* defer_custom_facts = nullptr;
};

}  // namespace marionette::indirector
