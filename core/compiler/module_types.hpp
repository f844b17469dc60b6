#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "compiler/ruby_type_reader.hpp"

namespace marionette::compiler {

/// The resource types that modules ship (MODULE/lib/puppet/type/NAME.rb) and that
/// `puppet generate types` wrote (ENV/.resource_types/NAME.pp, which Puppet prefers), found
/// and read when first named: the directories are listed once, on the first name that is
/// neither built in nor a defined type.
class ModuleTypes {
 public:
  ModuleTypes(std::vector<std::filesystem::path> modulepath,
              std::optional<std::filesystem::path> env_dir);

  /// nullptr when no module defines it. Throws lang::SourceError (at the type file) for a
  /// definition beyond the reader, or a title pattern that is no valid regex.
  const ResourceTypeDefinition* find(const std::string& name);

 private:
  void list();

  std::vector<std::filesystem::path> modulepath_;
  std::optional<std::filesystem::path> env_dir_;
  bool listed_ = false;
  std::unordered_map<std::string, std::filesystem::path> ruby_files_;  ///< first module wins
  std::unordered_map<std::string, std::filesystem::path> generated_files_;
  std::unordered_set<std::string> with_providers_;  ///< lib/puppet/provider/NAME/ exists
  std::unordered_map<std::string, std::unique_ptr<ResourceTypeDefinition>> read_;
};

}  // namespace marionette::compiler
