#pragma once

#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/environment_cache.hpp"
#include "compiler/module_types.hpp"
#include "compiler/parse_prefetch.hpp"
#include "compiler/strictness.hpp"
#include "lang/ast/ast.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

/// The code of an environment: the main manifest(s), and the classes and defined types of its
/// modules, loaded when first named (modules/NAME/manifests/init.pp, .../a/b.pp for NAME::a::b).
/// Owns the arena holding every AST node of the compilation.
/// The name Puppet gives a node by one of its matches: a host name lowercased, `default`, or
/// for a regex `__node_regexp__` and its pattern's word characters, '-', ':' and '.' lowercased
/// (leading dots dropped).
std::string node_name(const lang::ast::Expression* match);

class Environment {
 public:
  /// `manifest` overrides the environment's main manifest (a file or a directory of .pp files).
  /// `modulepath` lists the module directories in search order (module_path.hpp resolves it
  /// from the settings); without it, ENV_DIR/modules alone. When `parse_seconds` is set, the
  /// time spent lexing and parsing is added to it. Module files start being listed and parsed
  /// ahead of need from here on; the main manifest waits for load_main_manifest().
  /// With `cached` (a server's environment cache), files come parsed from it and nothing is
  /// parsed ahead: what other compiles parsed is shared, read-only.
  Environment(const std::optional<std::filesystem::path>& env_dir,
              const std::optional<std::filesystem::path>& manifest,
              const std::optional<std::vector<std::filesystem::path>>& modulepath = std::nullopt,
              double* parse_seconds = nullptr, std::shared_ptr<CachedCode> cached = nullptr);
  ~Environment();

  /// Parses the main manifest. Throws when there is none, or for its syntax errors. `strict`
  /// says what becomes of the issues Puppet's `strict` governs, in it and in every file loaded
  /// later (a duplicate hash key warns, fails the compile at it, or is let be).
  void load_main_manifest(Strict strict = Strict::Warning);

  /// The evaluation is over: stop parsing module files ahead of need.
  void stop_prefetching();
  /// The same without waiting for the parsing thread to end (stop_prefetching() later joins
  /// it).
  void stop_prefetching_without_waiting();

  /// Called with each file's program as it is loaded, once its definitions are registered (the
  /// evaluator resolves their parameters' types then, as Puppet does); empty for none.
  void on_file_loaded(std::function<void(const lang::Program&)> hook) {
    file_loaded_ = std::move(hook);
  }

  const std::vector<lang::Program>& main_programs() const { return main_; }
  const std::vector<const lang::ast::NodeDefinition*>& nodes() const { return nodes_; }
  const std::vector<std::filesystem::path>& modulepath() const { return modulepath_; }
  /// The server's cached environment this one's code comes from; nullptr when not cached.
  CachedCode* cached_code() const { return cached_.get(); }

  /// nullptr when no such class exists, even after trying to autoload it.
  const lang::ast::ClassDefinition* find_class(const std::string& name);
  const lang::ast::DefinedTypeDefinition* find_defined_type(const std::string& name);
  /// A function written in the Puppet language (modules/NAME/functions/x.pp for name::x).
  const lang::ast::FunctionDefinition* find_function(const std::string& name);
  /// A resource type a module ships in Ruby, or .resource_types has, by lowercase name; nullptr
  /// when none. Throws lang::SourceError for a type file beyond what can be read without Ruby.
  const ResourceTypeDefinition* find_resource_type(const std::string& name);
  /// A type alias by lowercase name (modules/NAME/types/x.pp for name::x).
  const lang::ast::TypeAlias* find_type_alias(const std::string& name);
  /// The module a qualified name belongs to, when that module is in the modulepath; else "".
  std::string module_of(const std::string& name) const;
  /// The directory of the module named `module`: the first modulepath entry that has it
  /// (Puppet's first-wins); nullptr when none has.
  const std::filesystem::path* module_dir(const std::string& module) const;
  /// Whether module `module` (module_dir's) has the regular file `relative`: asked once per
  /// file for this environment's life (a compile asks stdlib's function files at each call).
  bool module_has_file(const std::string& module, const std::string& relative) const;
  /// modules/MODULE/SUBDIR/REST for "MODULE/REST"; nullopt when no such file exists.
  std::optional<std::filesystem::path> module_file(const std::string& reference,
                                                   const std::string& subdir) const;
  /// Parses an EPP template into this environment's arena.
  const lang::EppProgram& parse_epp(std::shared_ptr<const lang::SourceFile> source);
  /// Parses Puppet code a function was given as text (a type string) into this environment's
  /// arena; its definitions are not registered.
  const lang::Program& parse_snippet(std::shared_ptr<const lang::SourceFile> source);

 private:
  void load_main(const std::filesystem::path& path);
  const lang::Program& parse_file(const std::filesystem::path& path);
  /// parse_file for a name module_file_name made: no normalisation when it is already normal.
  const lang::Program& parse_module_file(const std::string& file);
  const lang::Program& parse_absolute(const std::string& absolute);
  void register_definitions(const lang::ast::Block* block, const std::string& prefix);
  void autoload(const std::string& name);
  void autoload_from(const std::string& name, const char* subdir);
  /// Whether a module file exists (the prefetch listing answers when there is one).
  bool module_file_exists(const std::string& file);
  /// MODULE_DIR/SUBDIR/REST as a string: a std::filesystem::path would be split into its
  /// components at every step.
  static std::string module_file_name(const std::filesystem::path& module_dir,
                                      std::string_view subdir, std::string_view rest);

  lang::ast::Arena arena_;
  std::vector<lang::Program> main_;
  std::deque<lang::Program> loaded_;
  std::vector<std::filesystem::path> modulepath_;  ///< absolute and normalised
  std::set<std::string> tried_;
  std::unordered_map<std::string, const lang::ast::ClassDefinition*> classes_;
  std::unordered_map<std::string, const lang::ast::DefinedTypeDefinition*> defined_types_;
  std::vector<const lang::ast::NodeDefinition*> nodes_;
  /// Each node's names (node_name), to refuse a second node of one name as Puppet does.
  std::unordered_map<std::string, const lang::ast::NodeDefinition*> node_names_;
  std::unordered_map<std::string, const lang::ast::FunctionDefinition*> functions_;
  std::unordered_map<std::string, const lang::ast::TypeAlias*> type_aliases_;
  std::deque<lang::EppProgram> templates_;
  std::deque<lang::Program> snippets_;
  std::optional<std::filesystem::path> env_dir_;
  std::optional<std::filesystem::path> main_manifest_;  ///< given instead of the environment's
  double* parse_seconds_;
  Strict strict_ = Strict::Warning;
  /// module_dir's answers: the first modulepath entry's MODULE directory, or none.
  mutable std::unordered_map<std::string, std::optional<std::filesystem::path>> module_dirs_;
  /// module_has_file's answers, by "MODULE/RELATIVE".
  mutable std::unordered_map<std::string, bool> module_files_;
  std::unique_ptr<ParsePrefetch> prefetch_;
  std::shared_ptr<CachedCode> cached_;
  std::vector<std::shared_ptr<const ParsedManifest>> held_;  ///< the cached parses loaded_ uses
  std::unique_ptr<ModuleTypes> module_types_;                ///< made when first asked
  std::function<void(const lang::Program&)> file_loaded_;
};

}  // namespace marionette::compiler
