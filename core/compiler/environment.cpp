#include "compiler/environment.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "compiler/module_path.hpp"
#include "compiler/resource_table.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;
namespace ast = lang::ast;

namespace {

/// Adds the time `parse` takes to `*total` (when set), even when it throws.
template <typename Parse>
decltype(auto) timed(double* total, Parse&& parse) {
  if (!total) return parse();
  struct AddElapsed {
    double* total;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    ~AddElapsed() {
      *total += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
  } add_elapsed{total};
  return parse();
}

/// Whether `path` is `dir` or below it; both absolute and normalised.
bool is_inside(std::string_view path, std::string_view dir) {
  return path.starts_with(dir) &&
         (path.size() == dir.size() || path[dir.size()] == '/' || dir.ends_with('/'));
}

/// An absolute file name that lexically_normal() would leave as it is: no empty, `.` or `..`
/// segment. Module file names built from a normalised root and a class name are such names.
bool is_plain_absolute(std::string_view file) {
  if (!file.starts_with('/') || file.ends_with('/')) return false;
  for (std::size_t at = 0; at < file.size(); ++at) {
    if (file[at] != '/') continue;
    std::string_view segment = file.substr(at + 1, file.find('/', at + 1) - at - 1);
    if (segment.empty() || segment == "." || segment == "..") return false;
  }
  return true;
}

}  // namespace

Environment::Environment(const std::optional<fs::path>& env_dir,
                         const std::optional<fs::path>& manifest,
                         const std::optional<std::vector<fs::path>>& modulepath,
                         double* parse_seconds, std::shared_ptr<CachedCode> cached)
    : parse_seconds_(parse_seconds), cached_(std::move(cached)) {
  std::error_code error;
  if (modulepath) {
    for (const fs::path& dir : *modulepath)
      modulepath_.push_back(fs::absolute(dir, error).lexically_normal());
  } else if (env_dir) {
    modulepath_.push_back(fs::absolute(*env_dir / "modules", error).lexically_normal());
  }
  // lexically_normal keeps a trailing separator ("a/b/" for "a/b/."): module files are named
  // DIR/MODULE/..., so it goes.
  for (fs::path& dir : modulepath_)
    if (dir.native().size() > 1 && dir.native().back() == '/')
      dir = dir.native().substr(0, dir.native().size() - 1);
  bool any_modules = std::any_of(modulepath_.begin(), modulepath_.end(),
                                 [&](const fs::path& dir) { return fs::is_directory(dir, error); });
  if (any_modules && !cached_ && std::thread::hardware_concurrency() > 1) {
    try {
      std::optional<fs::path> main_manifest = manifest;
      if (!main_manifest && env_dir) {
        main_manifest = *env_dir / "site.pp";
        if (!fs::exists(*main_manifest, error)) main_manifest = *env_dir / "manifests";
      }
      prefetch_ = std::make_unique<ParsePrefetch>(modulepath_, main_manifest);
    } catch (const std::system_error&) {
      // No thread to be had (a process or container limit): parse everything on the spot.
    }
  }
  main_manifest_ = manifest;
  env_dir_ = env_dir;
}

void Environment::load_main_manifest(Strict strict) {
  strict_ = strict;
  if (main_manifest_) {
    load_main(*main_manifest_);
  } else if (env_dir_) {
    if (fs::exists(*env_dir_ / "site.pp")) {
      load_main(*env_dir_ / "site.pp");
    } else if (fs::is_directory(*env_dir_ / "manifests")) {
      load_main(*env_dir_ / "manifests");
    } else {
      throw std::runtime_error("no main manifest in " + env_dir_->string() +
                               " (site.pp or manifests/)");
    }
  } else {
    throw std::runtime_error("nothing to compile: give an environment directory or a manifest");
  }
}

void Environment::load_main(const fs::path& path) {
  if (fs::is_directory(path)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(path))
      if (entry.is_regular_file() && entry.path().extension() == ".pp")
        files.push_back(entry.path());
    // As Puppet: by the paths as strings, so `a-b/x.pp` comes before `a/x.pp` ('-' < '/'),
    // where comparing paths element by element would put `a` first.
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.native() < b.native(); });
    for (const fs::path& file : files) main_.push_back(parse_file(file));
    return;
  }
  main_.push_back(parse_file(path));
}

Environment::~Environment() = default;

void Environment::stop_prefetching() {
  if (prefetch_) prefetch_->stop();
}

void Environment::stop_prefetching_without_waiting() {
  if (prefetch_) prefetch_->ask_to_stop();
}

const lang::Program& Environment::parse_file(const fs::path& path) {
  return parse_absolute(fs::absolute(path).lexically_normal().native());
}

const lang::Program& Environment::parse_module_file(const std::string& file) {
  if (is_plain_absolute(file)) return parse_absolute(file);
  return parse_file(fs::path(file));
}

const lang::Program& Environment::parse_absolute(const std::string& absolute) {
  std::optional<ParsePrefetch::Parsed> prefetched;
  if (prefetch_ && std::any_of(modulepath_.begin(), modulepath_.end(), [&](const fs::path& dir) {
        return is_inside(absolute, dir.native());
      }))
    prefetched = prefetch_->take(absolute);
  if (cached_) {
    held_.push_back(cached_->manifest(absolute, parse_seconds_));
    loaded_.push_back(held_.back()->program);
  } else if (prefetched) {
    if (parse_seconds_) *parse_seconds_ += prefetched->seconds;
    loaded_.push_back(prefetched->program);
  } else {
    std::shared_ptr<const lang::SourceFile> source = lang::read_source(absolute);
    loaded_.push_back(timed(parse_seconds_, [&] { return lang::parse(source, arena_); }));
  }
  // Puppet's validation issues that `strict` governs, as the file is loaded.
  for (const lang::StrictIssue& issue : loaded_.back().strict_issues)
    strict_issue(strict_, issue.message, issue.where);
  const lang::Program& program = loaded_.back();  // (a deque: stays put as others load)
  register_definitions(program.body, "");
  if (file_loaded_) file_loaded_(program);
  return program;
}

bool Environment::module_file_exists(const std::string& file) {
  if (prefetch_) return prefetch_->listed(file);
  // A file another compile of the cached environment parsed: its parse is what loading it
  // gives, so it is not looked for again.
  if (cached_ && cached_->holds(file)) return true;
  std::error_code error;
  return fs::is_regular_file(file, error);
}

std::string Environment::module_file_name(const fs::path& module_dir, std::string_view subdir,
                                          std::string_view rest) {
  std::string file = module_dir.native();
  file.append(1, '/').append(subdir).append(1, '/').append(rest);
  return file;
}

std::string node_name(const ast::Expression* match) {
  if (auto* host = ast::as<ast::StringLiteral>(match)) return lowercase(host->value);
  auto* regex = ast::as<ast::RegexLiteral>(match);
  if (!regex) return "default";
  std::string kept;
  for (char c : regex->pattern)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == ':' ||
        c == '.' || static_cast<unsigned char>(c) >= 0x80)
      kept += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return "__node_regexp__" + kept.substr(std::min(kept.find_first_not_of('.'), kept.size()));
}

void Environment::register_definitions(const ast::Block* block, const std::string& prefix) {
  for (const ast::Node* statement : block->statements) {
    if (auto* c = ast::as<ast::ClassDefinition>(statement)) {
      std::string name = lowercase(c->name.find("::") == std::string::npos && !prefix.empty()
                                       ? prefix + "::" + c->name
                                       : c->name);
      auto [it, fresh] = classes_.emplace(name, c);
      if (!fresh && it->second != c)
        throw lang::SourceError("Class '" + name + "' is already defined", c->where);
      register_definitions(c->body, name);
    } else if (auto* d = ast::as<ast::DefinedTypeDefinition>(statement)) {
      std::string name = lowercase(d->name);
      auto [it, fresh] = defined_types_.emplace(name, d);
      if (!fresh && it->second != d)
        throw lang::SourceError("Defined type '" + name + "' is already defined", d->where);
    } else if (auto* n = ast::as<ast::NodeDefinition>(statement)) {
      for (const ast::Expression* match : n->matches) {
        std::string name = node_name(match);
        auto [it, fresh] = node_names_.emplace(name, n);
        if (!fresh && it->second != n)
          throw lang::SourceError(
              "Node '" + name + "' is already defined (file: " + it->second->where.path() +
                  ", line: " + std::to_string(it->second->where.line) + "); cannot redefine",
              n->where);
      }
      nodes_.push_back(n);
    } else if (auto* f = ast::as<ast::FunctionDefinition>(statement)) {
      std::string name = lowercase(f->name);
      auto [it, fresh] = functions_.emplace(name, f);
      if (!fresh && it->second != f)
        throw lang::SourceError("Function '" + name + "' is already defined", f->where);
    } else if (auto* t = ast::as<ast::TypeAlias>(statement)) {
      std::string name = lowercase(t->name);
      auto [it, fresh] = type_aliases_.emplace(name, t);
      if (!fresh && it->second != t)
        throw lang::SourceError("Type alias '" + t->name + "' is already defined", t->where);
    }
  }
}

void Environment::autoload(const std::string& name) {
  if (!tried_.insert(name).second) return;
  std::string module = name.substr(0, name.find("::"));
  std::string rest = "init.pp";
  if (module != name) {
    rest = name.substr(module.size() + 2);
    std::size_t at = 0;
    while ((at = rest.find("::", at)) != std::string::npos) rest.replace(at, 2, "/");
    rest += ".pp";
  }
  const fs::path* dir = module_dir(module);
  if (!dir) return;
  std::string file = module_file_name(*dir, "manifests", rest);
  if (module_file_exists(file)) parse_module_file(file);
}

/// Functions and type aliases live in modules/NAME/{functions,types}/a/b.pp for name::a::b.
void Environment::autoload_from(const std::string& name, const char* subdir) {
  if (name.find("::") == std::string::npos) return;
  if (!tried_.insert(std::string(subdir) + ":" + name).second) return;
  std::string module = name.substr(0, name.find("::"));
  std::string rest = name.substr(module.size() + 2);
  std::size_t at = 0;
  while ((at = rest.find("::", at)) != std::string::npos) rest.replace(at, 2, "/");
  rest += ".pp";
  const fs::path* dir = module_dir(module);
  if (!dir) return;
  std::string file = module_file_name(*dir, subdir, rest);
  if (module_file_exists(file)) parse_module_file(file);
}

const ast::FunctionDefinition* Environment::find_function(const std::string& name) {
  auto found = functions_.find(name);
  if (found != functions_.end()) return found->second;
  autoload_from(name, "functions");
  found = functions_.find(name);
  return found == functions_.end() ? nullptr : found->second;
}

const ResourceTypeDefinition* Environment::find_resource_type(const std::string& name) {
  if (cached_) return cached_->resource_type(name, modulepath_, env_dir_);
  if (!module_types_) module_types_ = std::make_unique<ModuleTypes>(modulepath_, env_dir_);
  return module_types_->find(name);
}

const ast::TypeAlias* Environment::find_type_alias(const std::string& name) {
  auto found = type_aliases_.find(name);
  if (found != type_aliases_.end()) return found->second;
  autoload_from(name, "types");
  found = type_aliases_.find(name);
  return found == type_aliases_.end() ? nullptr : found->second;
}

std::string Environment::module_of(const std::string& name) const {
  std::string module = name.substr(0, name.find("::"));
  return module_dir(module) ? module : "";
}

const fs::path* Environment::module_dir(const std::string& module) const {
  auto known = module_dirs_.find(module);
  if (known == module_dirs_.end()) {
    std::optional<fs::path> found;
    if (is_module_name(module)) {
      std::error_code error;
      for (const fs::path& modules : modulepath_)
        if (fs::is_directory(modules / module, error)) {
          found = modules / module;
          break;
        }
    }
    known = module_dirs_.emplace(module, std::move(found)).first;
  }
  return known->second ? &*known->second : nullptr;
}

bool Environment::module_has_file(const std::string& module, const std::string& relative) const {
  std::string key = module;
  key += '/';
  key += relative;
  auto known = module_files_.find(key);
  if (known != module_files_.end()) return known->second;
  const fs::path* dir = module_dir(module);
  std::error_code error;
  const bool exists = dir && fs::is_regular_file(*dir / relative, error);
  module_files_.emplace(std::move(key), exists);
  return exists;
}

std::optional<fs::path> Environment::module_file(const std::string& reference,
                                                 const std::string& subdir) const {
  std::size_t slash = reference.find('/');
  if (slash == std::string::npos) return std::nullopt;
  const fs::path* dir = module_dir(reference.substr(0, slash));
  if (!dir) return std::nullopt;
  fs::path file = *dir / subdir / reference.substr(slash + 1);
  std::error_code error;
  if (fs::is_regular_file(file, error)) return file;
  return std::nullopt;
}

const lang::EppProgram& Environment::parse_epp(std::shared_ptr<const lang::SourceFile> source) {
  templates_.push_back(timed(parse_seconds_, [&] { return lang::parse_epp(source, arena_); }));
  return templates_.back();
}

const lang::Program& Environment::parse_snippet(std::shared_ptr<const lang::SourceFile> source) {
  snippets_.push_back(timed(parse_seconds_, [&] { return lang::parse(source, arena_); }));
  return snippets_.back();
}

const ast::ClassDefinition* Environment::find_class(const std::string& name) {
  auto found = classes_.find(name);
  if (found != classes_.end()) return found->second;
  autoload(name);
  found = classes_.find(name);
  return found == classes_.end() ? nullptr : found->second;
}

const ast::DefinedTypeDefinition* Environment::find_defined_type(const std::string& name) {
  auto found = defined_types_.find(name);
  if (found != defined_types_.end()) return found->second;
  autoload(name);
  found = defined_types_.find(name);
  return found == defined_types_.end() ? nullptr : found->second;
}

}  // namespace marionette::compiler
