#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/strictness.hpp"
#include "facts/facts.hpp"

namespace marionette::compiler {
class EnvironmentCache;
}

namespace marionette::indirector {

/// What termini need to know about the agent: where its state is, where its code and facts
/// come from, how to reach Redis.
struct TerminusSettings {
  std::filesystem::path state_dir;  ///< client_data/, client_yaml/, last_run_report.yaml
  std::optional<std::filesystem::path> facts_file;   ///< facts/yaml reads it for every key
  std::vector<std::filesystem::path> external_dirs;  ///< facts/native; empty: the defaults
  std::optional<std::filesystem::path> env_dir;      ///< catalog/compiler
  std::optional<std::filesystem::path> manifest;     ///< catalog/compiler
  std::optional<std::vector<std::filesystem::path>> modulepath;  ///< catalog/compiler
  std::string environment = "production";
  std::optional<std::filesystem::path> hiera_config;  ///< catalog/compiler: global Hiera layer
  compiler::Strictness strictness;                    ///< catalog/compiler: strict settings
  /// catalog/compiler: a server's environments kept between compiles (environment_timeout)
  std::shared_ptr<compiler::EnvironmentCache> environment_cache;
  std::optional<std::string> redis_url;               ///< redis termini: redis://… or unix://…
  std::string redis_prefix = "marionette";
  std::chrono::milliseconds redis_timeout{2000};
  std::size_t report_history = 10;       ///< report/redis: reports kept per node
  std::chrono::seconds enc_timeout{30};  ///< node/exec: the classifier is killed after it
  facts::Warn warn;                      ///< unreadable external facts, broken caches
};

}  // namespace marionette::indirector
