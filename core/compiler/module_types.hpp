#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/module_listing.hpp"
#include "compiler/ruby_type_reader.hpp"

namespace marionette::compiler {

/// The resource types that modules ship (MODULE/lib/puppet/type/NAME.rb) and that
/// `puppet generate types` wrote (ENV/.resource_types/NAME.pp, which Puppet prefers), found
/// and read when first named, as Puppet's autoloader finds them: the file NAME is looked for in
/// each module in turn (modules_on_path's order); no module's directory is listed.
class ModuleTypes {
 public:
  ModuleTypes(std::vector<std::filesystem::path> modulepath,
              std::optional<std::filesystem::path> env_dir);

  /// nullptr when no module defines it. A Ruby type file beyond the scanner (ruby_type_reader.hpp)
  /// is run in the embedded Ruby (ruby_type_loader.hpp). Throws lang::SourceError (at the type
  /// file) for a definition neither reads, or a title pattern that is no valid regex.
  const ResourceTypeDefinition* find(const std::string& name);

 private:
  std::optional<std::filesystem::path> generated_file(const std::string& name) const;
  /// The first module's lib/puppet/type/NAME.rb.
  std::optional<std::filesystem::path> ruby_file(const std::string& name);
  /// Reads a type file with the scanner, else by running it in the embedded Ruby.
  ResourceTypeDefinition read_ruby_or_scanned(const std::filesystem::path& file,
                                              const std::string& name);
  /// The modules' lib/ directories, each followed by a NUL: Ruby's load path for type files.
  std::string module_libs();
  /// Whether a module has lib/puppet/provider/NAME/.
  bool has_providers(const std::string& name);

  std::vector<std::filesystem::path> modulepath_;
  std::optional<std::filesystem::path> env_dir_;
  std::optional<std::vector<ModuleOnPath>> modules_;  ///< listed when first needed
  std::unordered_map<std::string, std::unique_ptr<ResourceTypeDefinition>> read_;
};

}  // namespace marionette::compiler
