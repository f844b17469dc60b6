#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/hiera/hiera_config.hpp"
#include "compiler/hiera/merge.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler::hiera {

/// A value as Puppet's --explain prints it (Ruby's pretty inspect), continuation lines indented
/// by `indent` more.
std::string explain_value(const Value& value, std::size_t indent);

/// How many times a data file has been read and parsed rather than taken from the process's
/// cache of parsed data files (tests): a file is parsed again when its size, mtime or inode
/// changed.
std::size_t data_file_parses();

/// A top-scope variable by name (facts, trusted, ...); undef when unset.
using VariableResolver = std::function<Value(const std::string& name)>;
/// The same for an interpolation that reads the entry `key` of the variable alone
/// (`%{facts.os.family}` reads $facts' entry os): lets the compile resolve that custom fact
/// only (lazy_facts.hpp).
using VariableEntryResolver = std::function<Value(const std::string& name, const std::string& key)>;

/// An error Puppet prints as it is, without the place of the lookup that met it (Puppet's
/// DataBinding::LookupError): a data file that is not a hash under strict=error.
struct PreformattedError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Hiera 5 lookups for one compilation: the environment layer (hiera.yaml beside site.pp, or the
/// default data/common.yaml) and module layers (modules/NAME/hiera.yaml for keys NAME::...).
/// Data files are read once; values are interpolated (`%{facts.x}`, `%{lookup('k')}`, ...).
class Hiera {
 public:
  Hiera(std::optional<std::filesystem::path> env_dir, std::vector<std::filesystem::path> modulepath,
        VariableResolver variables);

  /// The value for `key`, merged with `merge` (else the key's lookup_options, else first);
  /// nullopt when no level has it. When `explain` is given, each step is appended to it.
  std::optional<Value> lookup(const std::string& key, std::optional<MergeStrategy> merge,
                              std::vector<std::string>* explain = nullptr);

  /// `%{...}` expressions in a string replaced (strings inside arrays and hashes too).
  Value interpolate(const Value& value);

  /// Adds the global layer (searched before the environment's) from this hiera.yaml.
  void set_global_config(const std::filesystem::path& file);

  /// Under strict=error a YAML data file whose top is neither a hash nor empty (nor `false`)
  /// fails the lookup (PreformattedError); else it warns and holds no data.
  void refuse_data_that_is_no_hash(bool refuse) { refuse_no_hash_ = refuse; }

  /// Interpolations that dig into a variable read it through `entries` (else the variables).
  void resolve_entries_with(VariableEntryResolver entries) { entries_ = std::move(entries); }

 private:
  struct Layer {
    std::string label;  ///< "Global", "Environment", "Module \"app\"" (as --explain names them)
    HieraConfig config;
  };
  /// A key as searched: `root` is looked up in the data, `segments` dig into its value.
  struct Key {
    std::string name;                   ///< as asked for and explained: "app::opts.port"
    std::string root;                   ///< "app::opts"
    std::vector<std::string> segments;  ///< "port"
  };
  /// The global, environment and (for "NAME::...") module NAME's layers, in that order.
  const std::vector<Layer*>& layers_for(const std::string& module);
  /// The level's data files, each with the path as written in hiera.yaml.
  std::vector<std::pair<std::filesystem::path, std::string>> data_files(
      const HierarchyLevel& level);
  const Value* data_file(const std::filesystem::path& path, const std::string& data_hash);
  /// This compile's entry for a data file (nullopt: no such file), read on first use.
  const std::optional<Value>& data_slot(const std::filesystem::path& path,
                                        const std::string& data_hash);
  /// A data file of a level as planned: its path, and its entry once read.
  struct PlannedFile {
    std::filesystem::path path;
    const std::optional<Value>* slot = nullptr;
  };
  /// A level whose paths interpolate plain variables only (no glob, mapped_paths or function):
  /// its paths parsed once, and the files they give for each set of the variables' values, so
  /// that a lookup reads the variables and neither interpolates nor looks up each path again.
  struct LevelPlan {
    bool usable = false;
    std::vector<Key> variables;  ///< each distinct variable, `name` as written ("::fqdn")
    /// Each path: literal text, or (variable >= 0) the value of variables[variable].
    std::vector<std::vector<std::pair<std::string, int>>> paths;
    std::unordered_map<std::string, std::vector<PlannedFile>> files;  ///< by the values
  };
  /// The level's files for the variables' current values; null when the level has no plan.
  std::vector<PlannedFile>* planned_files(const HierarchyLevel& level);
  /// Searches one layer's hierarchy for `key`, appending what it finds to `found`; with
  /// `explain`, the lines Puppet's --explain prints for it, at `indent`.
  void search_layer(const Layer& layer, const Key& key, MergeStrategy strategy,
                    const std::string& indent, std::vector<Value>& found,
                    std::vector<std::string>* explain);
  /// The lookup_options for keys of `module` ("" for none): each layer's merged as hashes, the
  /// global and environment layers' over the module's. Kept per module, as Puppet does.
  const std::optional<Value>& lookup_options(const std::string& module,
                                             const std::vector<Layer*>& layers,
                                             std::vector<std::string>* explain);
  /// "a.b.c" as root "a" and segments "b", "c" (not split when it holds a quote).
  static Key split_key(const std::string& name);
  /// The value the key's segments lead to inside its root's `value` (nullopt when one is
  /// missing); a segment into a scalar fails as in Puppet. Data lookups and interpolated
  /// variables both dig with it, as Puppet's SubLookup serves both; `explain` lines under
  /// `indent`.
  static std::optional<Value> dig(const Key& key, Value value, std::vector<std::string>* explain,
                                  const std::string& indent);
  /// With `explain`, Puppet's line for a key of `module` that has no layer of its own: the
  /// module is missing, or has no hiera.yaml.
  void explain_missing_module(const std::string& module, const std::vector<Layer*>& layers,
                              const std::string& indent, std::vector<std::string>* explain);
  /// The merge those options give `key`: by its name, else by the first `^` pattern matching.
  /// The patterns are compiled once a compile (a class's every parameter is looked up).
  std::optional<MergeStrategy> merge_option(const std::string& key, const Value& options);
  /// interpolate(), with Puppet's --explain lines for each interpolated string ("Interpolation
  /// on ...", the lookups and variables it reads) appended to `explain` at `indent`.
  Value interpolate_explained(const Value& value, const std::string& indent,
                              std::vector<std::string>& explain);
  Value interpolate_string(const std::string& text);
  Value resolve_expression(const std::string& expression, bool& whole_value);

  std::optional<std::filesystem::path> env_dir_;
  std::vector<std::filesystem::path> modulepath_;
  VariableResolver variables_;
  VariableEntryResolver entries_;
  std::unique_ptr<Layer> global_layer_;
  std::unique_ptr<Layer> environment_layer_;
  bool environment_loaded_ = false;
  bool refuse_no_hash_ = false;
  std::map<std::string, std::unique_ptr<Layer>> module_layers_;  ///< null when none
  std::map<std::string, std::vector<Layer*>> layers_cache_;
  /// The data files read, by path as written (a hash lookup: every lookup asks for each path of
  /// every level it searches).
  std::unordered_map<std::string, std::optional<Value>> files_;
  std::map<std::string, std::optional<Value>> options_;          ///< lookup_options by module
  std::unordered_map<std::string, std::regex> option_patterns_;  ///< their `^` keys, compiled
  std::unordered_map<const HierarchyLevel*, LevelPlan> plans_;
  struct Explaining;  ///< sets explaining_ and explain_indent_ for a scope
  std::vector<std::string>* explaining_ = nullptr;  ///< interpolate_explained()'s lines
  std::string explain_indent_;                      ///< and their indentation
  int depth_ = 0;
};

}  // namespace marionette::compiler::hiera
