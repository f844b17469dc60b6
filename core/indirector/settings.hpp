#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/compile_settings.hpp"
#include "facts/facts.hpp"

namespace marionette::indirector {

/// What termini need to know about the agent: where its state is, where its code and facts
/// come from, how to reach Redis; catalog/compiler compiles with the compile settings (the base).
struct TerminusSettings : compiler::CompileSettings {
  std::filesystem::path state_dir;  ///< client_data/, client_yaml/, last_run_report.yaml
  std::optional<std::filesystem::path> facts_file;   ///< facts/yaml reads it for every key
  std::vector<std::filesystem::path> external_dirs;  ///< facts/native; empty: the defaults
  /// catalog/compiler: Puppet's storeconfigs, exported resources kept and collected through
  /// DocumentExportedResourceStore (Redis when redis_url is set, else files in state_dir).
  bool storeconfigs = false;
  std::optional<std::string> redis_url;               ///< redis termini: redis://… or unix://…
  std::string redis_prefix = "marionette";
  std::chrono::milliseconds redis_timeout{2000};
  std::size_t report_history = 10;       ///< report/redis: reports kept per node
  std::chrono::seconds enc_timeout{30};  ///< node/exec: the classifier is killed after it
  facts::Warn warn;                      ///< unreadable external facts, broken caches
};

}  // namespace marionette::indirector
