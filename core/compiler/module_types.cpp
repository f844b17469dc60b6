#include "compiler/module_types.hpp"

#include <algorithm>

#include "compiler/module_listing.hpp"
#include "compiler/ruby_type_loader.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

/// Whether `name` can be a type file's stem: what a lowercase type name is, no path.
bool is_type_file_stem(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool regular_file_exists(const fs::path& file) {
  std::error_code error;
  return fs::is_regular_file(file, error);
}

}  // namespace

ModuleTypes::ModuleTypes(std::vector<fs::path> modulepath, std::optional<fs::path> env_dir)
    : modulepath_(std::move(modulepath)), env_dir_(std::move(env_dir)) {}

std::optional<fs::path> ModuleTypes::generated_file(const std::string& name) const {
  if (!env_dir_) return std::nullopt;
  fs::path file = *env_dir_ / ".resource_types" / (name + ".pp");
  if (regular_file_exists(file)) return file;
  return std::nullopt;
}

std::optional<fs::path> ModuleTypes::ruby_file(const std::string& name) {
  if (!modules_) modules_ = modules_on_path(modulepath_);
  for (const ModuleOnPath& module : *modules_) {
    fs::path file = module.dir / "lib" / "puppet" / "type" / (name + ".rb");
    if (regular_file_exists(file)) return file;
  }
  return std::nullopt;
}

std::string ModuleTypes::module_libs() {
  if (!modules_) modules_ = modules_on_path(modulepath_);
  std::string directories;
  std::error_code error;
  for (const ModuleOnPath& module : *modules_)
    if (fs::is_directory(module.dir / "lib", error))
      directories += (module.dir / "lib").string() + '\0';
  return directories;
}

ResourceTypeDefinition ModuleTypes::read_ruby_or_scanned(const fs::path& file,
                                                         const std::string& name) {
  std::shared_ptr<const lang::SourceFile> source = lang::read_source(file);
  try {
    return read_ruby_type(source, name);
  } catch (const lang::SourceError&) {
    // Beyond the scanner: Ruby runs the file as Puppet would; when it cannot either, the
    // scanner's error says which construct stopped it.
    std::string why_not;
    if (std::optional<ResourceTypeDefinition> read =
            read_type_in_ruby(source, name, module_libs(), why_not))
      return std::move(*read);
    throw;
  }
}

bool ModuleTypes::has_providers(const std::string& name) {
  if (!modules_) modules_ = modules_on_path(modulepath_);
  std::error_code error;
  return std::any_of(modules_->begin(), modules_->end(), [&](const ModuleOnPath& module) {
    return fs::is_directory(module.dir / "lib" / "puppet" / "provider" / name, error);
  });
}

const ResourceTypeDefinition* ModuleTypes::find(const std::string& name) {
  auto known = read_.find(name);
  if (known != read_.end()) return known->second.get();
  std::unique_ptr<ResourceTypeDefinition> type;
  if (!is_type_file_stem(name)) {
    // No file is named so: nothing to look for.
  } else if (std::optional<fs::path> generated = generated_file(name)) {
    type = std::make_unique<ResourceTypeDefinition>(
        read_generated_type(lang::read_source(*generated), name));
  } else if (std::optional<fs::path> ruby = ruby_file(name)) {
    type = std::make_unique<ResourceTypeDefinition>(read_ruby_or_scanned(*ruby, name));
    if (!type->resource_api && !type->has_attribute("provider") && has_providers(name))
      type->attributes.push_back("provider");
  }
  if (type) {
    for (ResourceTypeDefinition::TitlePattern& pattern : type->title_patterns) {
      try {
        pattern.compiled = rubyish::compile_ruby_regex(
            pattern.regex, pattern.ignore_case ? std::regex::ECMAScript | std::regex::icase
                                               : std::regex::ECMAScript);
      } catch (const std::regex_error&) {
        throw lang::SourceError("resource type '" + name +
                                    "': marionette cannot read the title "
                                    "pattern /" +
                                    pattern.regex + "/",
                                lang::SourceLocation{type->source.get(), 1, 1, 1});
      }
    }
  }
  return read_.emplace(name, std::move(type)).first->second.get();
}

}  // namespace marionette::compiler
