#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

namespace marionette::compiler::hiera {

/// One level of a Hiera 5 hierarchy, as written in hiera.yaml (paths not yet interpolated).
struct HierarchyLevel {
  std::string name;
  std::filesystem::path datadir;  ///< absolute
  std::string data_hash;          ///< "yaml_data", "json_data" or "hocon_data"
  std::vector<std::string> paths;
  std::vector<std::string> globs;
  /// mapped_paths: [variable, key, template]; empty when not used.
  std::vector<std::string> mapped_paths;
};

/// A hiera.yaml of version 5: its hierarchy with defaults applied.
struct HieraConfig {
  std::filesystem::path file;  ///< empty for the built-in default
  std::vector<HierarchyLevel> hierarchy;
};

/// Reads `dir`/hiera.yaml. Without the file: the default (one level "Common", data/common.yaml)
/// when `use_default`, else nothing. Throws std::runtime_error naming the file when it is not a
/// version 5 configuration this implementation reads.
std::optional<HieraConfig> load_config(const std::filesystem::path& dir, bool use_default);

/// Reads a hiera.yaml by its path (the global layer's, which may have any name); relative
/// datadirs are relative to the file's directory.
HieraConfig load_config_file(const std::filesystem::path& file);

}  // namespace marionette::compiler::hiera
