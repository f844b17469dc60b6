#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "facts/facts.hpp"

struct marionette_ruby_module;

namespace marionette::facts {

/// $MARIONETTE_FACTER_CONF, else /etc/marionette/facter.conf when it exists, else Debian
/// Facter's /etc/facter/facter.conf (so that marionette and Puppet cache the same facts).
std::filesystem::path default_facter_conf();

/// $MARIONETTE_FACTS_CACHE_DIR, else /var/cache/marionette/facts for root, else
/// $XDG_CACHE_HOME/marionette/facts or ~/.cache/marionette/facts (Facter's cache files, in
/// marionette's own place: Facter's /var/cache/facter/facts is Facter's).
std::filesystem::path default_fact_cache_dir();

/// How many workers resolve custom facts at once: $MARIONETTE_CUSTOM_FACTS_WORKERS, else the
/// cores this process may use, at most 8.
unsigned custom_fact_concurrency();

/// Where custom facts (Ruby files in Facter's DSL) come from.
struct CustomFactSources {
  /// Module directories' parents, as Puppet's modulepath: each module's lib/facter is read (a
  /// module name found in an earlier entry hides the later ones, as for manifests).
  std::vector<std::filesystem::path> modulepath;
  /// Directories of fact files, as `facter --custom-dir` and $FACTERLIB give them.
  std::vector<std::filesystem::path> custom_dirs;
  /// facter.conf, whose ttls cache custom facts (default_facter_conf()); none when empty.
  std::filesystem::path facter_conf = default_facter_conf();
  /// Where facts with a ttl are cached, one file per group (default_fact_cache_dir()).
  std::filesystem::path cache_dir = default_fact_cache_dir();
  /// How many Ruby workers resolve the facts at once (custom_fact_concurrency()).
  unsigned concurrency = custom_fact_concurrency();
};

/// The fact files of `sources`, in the order Facter loads them: per directory (module path
/// first, then the custom dirs), the *.rb files directly in it, sorted by name. Only stat and
/// readdir: no Ruby. Empty when there are none.
std::vector<std::filesystem::path> custom_fact_files(const CustomFactSources& sources);

/// marionette-ruby.so as the compiler finds it (compiler::ruby_module): nullptr with `why_not`
/// when it cannot be loaded. Handed in so that this library needs neither the compiler nor
/// dlopen of its own.
using RubyModuleLoader = std::function<const marionette_ruby_module*(std::string& why_not)>;

/// A message for the run's log, at Puppet's levels ("err", "warning", "debug"), worded as
/// Puppet shows Facter's ("Facter: Error loading fact FILE: ...").
using FactLog = std::function<void(const std::string& level, const std::string& message)>;

/// The Debian package that holds marionette-ruby.so, for the error when it is missing.
inline constexpr const char* kRubyFactsPackage = "marionette-ruby";

/// Lays the custom facts of `files` over `facts` (the native facts with the external ones laid
/// over them; `external` are those external ones) as Facter 4 resolves them: resolutions by
/// weight then order, the first with a value wins; a custom fact replaces a core fact of its
/// name only when it has a weight; an external fact wins over every custom fact; a resolution
/// past its `timeout` option is stopped and logged; a fact with a ttl in facter.conf is read
/// from the cache while it is fresh. A file that fails to load (logged once) or a resolution
/// that raises is logged as an error and left out, and the run goes on. `sources.concurrency`
/// calls of the module run at once, each in its own thread (so each in its own Ruby worker),
/// each resolving its share of the facts; the logs come back merged in the facts' order, on
/// the calling thread. Loads marionette-ruby.so only when `files` is not empty; without it,
/// one error naming the first file and the package, and the facts as they were.
Facts with_custom_facts(Facts facts, const Facts& external,
                        const std::vector<std::filesystem::path>& files,
                        const CustomFactSources& sources, const RubyModuleLoader& load_ruby,
                        const FactLog& log);

/// What the text of a fact file says it defines: the names of its `Facter.add(:name)`,
/// `Facter.add('name')`, `Facter.define_fact("name")` calls (lower-cased, as Facter names
/// them). `opaque` when the text cannot tell (a name that is neither a literal nor a literal
/// start, no such call, or a file loaded from it: require_relative, `require File...`,
/// `Dir[...]` with a require): such a file may
/// define any fact. `shared` when it defines Ruby methods, modules or classes at its top level,
/// which another file's facts may call: it is loaded whenever facts are resolved. A file that
/// lists a directory (Dir.glob, Dir[...]) is opaque only when it also requires or loads a file.
struct FactFileNames {
  std::vector<std::string> names;
  /// The literal starts of computed names (`Facter.add("pci_address_driver_#{driver}")`): the
  /// file may define any fact whose name starts with one (and is loaded whenever facts are
  /// resolved, as a shared one).
  std::vector<std::string> prefixes;
  bool opaque = false;
  bool shared = false;
};
FactFileNames fact_file_names(const std::string& text);

/// Custom facts resolved only when a compile first reads them (`marionette apply` of a local
/// compile, where no fact leaves the process): a fact is resolved with the files that may
/// define it (fact_file_names; opaque and shared files too), the facts it asks Facter.value
/// for with theirs, each fact once in the run, its file's load errors and its own reported
/// (each once) when it is resolved; enumerating the facts resolves them all. The values are
/// those with_custom_facts gives. Whether a name has a custom fact never resolves one: when
/// some file is opaque, the first name asked for loads the opaque and shared files in a Ruby
/// worker to learn the names they define, without running a setcode block or a confine.
class LazyCustomFacts {
 public:
  /// `node`: the native facts with the external ones laid over them; `core`: the native facts
  /// without the names of the external ones; `external`: those.
  LazyCustomFacts(Facts node, Facts core, Facts external, std::vector<std::filesystem::path> files,
                  CustomFactSources sources, RubyModuleLoader load_ruby, FactLog log);

  /// Whether a custom fact may still give `name` a value: some file may define it, no
  /// external fact of the name hides it, and it was not resolved yet.
  bool pending(const std::string& name) const;
  /// Resolves `name` when pending: the custom facts that now count (name => value; another
  /// fact of a file whose names cannot be told may come too), to lay over the node's facts.
  Facts resolve(const std::string& name);
  /// Resolves every custom fact not resolved yet: those that now count.
  Facts resolve_all();
  bool all_resolved() const { return all_resolved_; }
  /// The node's facts as gather_with_custom_facts() gives them with the custom facts resolved
  /// so far, then `finish` done to them.
  Facts node_facts() const;
  /// What the caller does to the facts gathered (Puppet's local facts laid over them, the
  /// legacy facts dropped), done by node_facts() too.
  std::function<void(Facts&)> finish;

 private:
  Facts call(const std::vector<std::string>* wanted);
  /// The opaque files' names, learnt by loading them (and the shared files) without resolving.
  void learn_names();
  /// Whether a file's computed names may give `name`.
  bool prefixed(const std::string& name) const;

  Facts node_, core_, external_;
  std::vector<std::filesystem::path> files_;
  CustomFactSources sources_;
  RubyModuleLoader load_ruby_;
  FactLog log_;
  std::map<std::string, std::vector<std::size_t>> definers_;  ///< name => indexes in files_
  std::vector<std::size_t> always_;  ///< opaque, shared and computed-name files
  std::vector<std::pair<std::string, std::size_t>> prefixed_;  ///< computed names' starts
  bool any_opaque_ = false;
  bool all_resolved_ = false;
  std::set<std::string> asked_;         ///< names resolved (or found to have no custom fact)
  Facts own_values_ = Facts::object();  ///< every custom fact resolved, by its own value
  Facts counted_ = Facts::object();     ///< those that count
  std::set<std::string> said_;          ///< load errors already reported
};

/// The directories in $FACTERLIB (colon-separated), which Facter reads custom facts from too.
std::vector<std::filesystem::path> facterlib_dirs();

/// gather() with the custom facts of `sources` laid over the native facts (every group is
/// gathered then: any core fact may decide a confine). Without fact files it is gather() as it
/// was, and Ruby is never loaded.
Facts gather_with_custom_facts(const std::vector<std::filesystem::path>& external_dirs,
                               const Warn& warn, const std::vector<std::string>& names,
                               const CustomFactSources& sources, const RubyModuleLoader& load_ruby,
                               const FactLog& log);

/// gather_with_custom_facts() without resolving the custom facts: the native facts with the
/// external ones, and `lazy` (when there are fact files) to resolve the custom ones as they are
/// read. Every group is gathered, as for gather_with_custom_facts().
Facts gather_deferring_custom_facts(const std::vector<std::filesystem::path>& external_dirs,
                                    const Warn& warn, const CustomFactSources& sources,
                                    const RubyModuleLoader& load_ruby, const FactLog& log,
                                    std::shared_ptr<LazyCustomFacts>& lazy);

}  // namespace marionette::facts
