#include "compiler/module_types.hpp"

#include <algorithm>

#include "compiler/module_path.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

/// The entries of a directory, sorted; none when it cannot be read.
std::vector<fs::directory_entry> sorted_entries(const fs::path& dir) {
  std::vector<fs::directory_entry> entries;
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
    entries.push_back(*it);
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
  return entries;
}

/// Files named NAME.EXTENSION in `dir`, by NAME; the first one met wins.
void add_files(const fs::path& dir, std::string_view extension,
               std::unordered_map<std::string, fs::path>& into) {
  std::error_code error;
  for (const fs::directory_entry& entry : sorted_entries(dir))
    if (entry.path().extension() == extension && entry.is_regular_file(error))
      into.emplace(entry.path().stem().string(), entry.path());
}

}  // namespace

ModuleTypes::ModuleTypes(std::vector<fs::path> modulepath, std::optional<fs::path> env_dir)
    : modulepath_(std::move(modulepath)), env_dir_(std::move(env_dir)) {}

void ModuleTypes::list() {
  listed_ = true;
  std::unordered_set<std::string> seen;
  std::error_code error;
  for (const fs::path& modules : modulepath_) {
    for (const fs::directory_entry& module : sorted_entries(modules)) {
      std::string name = module.path().filename().string();
      if (!is_module_name(name) || !module.is_directory(error) || !seen.insert(name).second)
        continue;
      fs::path lib = module.path() / "lib" / "puppet";
      add_files(lib / "type", ".rb", ruby_files_);
      for (const fs::directory_entry& provider : sorted_entries(lib / "provider"))
        if (provider.is_directory(error)) with_providers_.insert(provider.path().filename().string());
    }
  }
  if (env_dir_) add_files(*env_dir_ / ".resource_types", ".pp", generated_files_);
}

const ResourceTypeDefinition* ModuleTypes::find(const std::string& name) {
  auto known = read_.find(name);
  if (known != read_.end()) return known->second.get();
  if (!listed_) list();
  std::unique_ptr<ResourceTypeDefinition> type;
  if (auto generated = generated_files_.find(name); generated != generated_files_.end()) {
    type = std::make_unique<ResourceTypeDefinition>(
        read_generated_type(lang::read_source(generated->second), name));
  } else if (auto ruby = ruby_files_.find(name); ruby != ruby_files_.end()) {
    type = std::make_unique<ResourceTypeDefinition>(
        read_ruby_type(lang::read_source(ruby->second), name));
    if (with_providers_.count(name) && !type->resource_api && !type->has_attribute("provider"))
      type->attributes.push_back("provider");
  }
  if (type) {
    for (ResourceTypeDefinition::TitlePattern& pattern : type->title_patterns) {
      try {
        pattern.compiled = rubyish::compile_ruby_regex(
            pattern.regex, pattern.ignore_case ? std::regex::ECMAScript | std::regex::icase
                                               : std::regex::ECMAScript);
      } catch (const std::regex_error&) {
        throw lang::SourceError("resource type '" + name + "': marionette cannot read the title "
                                "pattern /" + pattern.regex + "/",
                                lang::SourceLocation{type->source.get(), 1, 1, 1});
      }
    }
  }
  return read_.emplace(name, std::move(type)).first->second.get();
}

}  // namespace marionette::compiler
